#ifndef FLIGHTLINE_CRLOTTIE_SHIM_H
#define FLIGHTLINE_CRLOTTIE_SHIM_H

// Samsung rlottie's C API (Debian's librlottie-dev), reached only from the RlottieReference
// module: a second Lottie player Flightline's own evaluation is compared with.
#include <rlottie_capi.h>

#endif
