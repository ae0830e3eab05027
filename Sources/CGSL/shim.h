#ifndef FLIGHTLINE_CGSL_SHIM_H
#define FLIGHTLINE_CGSL_SHIM_H

// GNU GSL, reached only from the GSLReference module.
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_version.h>

// Swift 6 rejects direct access to C global variables (they are shared mutable state), so GSL's
// type descriptors are read through these accessors. Each returns a pointer to an immutable
// descriptor that GSL defines once.
static inline const gsl_root_fsolver_type *flightline_root_fsolver_brent(void) { return gsl_root_fsolver_brent; }

static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_rk2(void) { return gsl_odeiv2_step_rk2; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_rk4(void) { return gsl_odeiv2_step_rk4; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_rkf45(void) { return gsl_odeiv2_step_rkf45; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_rkck(void) { return gsl_odeiv2_step_rkck; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_rk8pd(void) { return gsl_odeiv2_step_rk8pd; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_rk1imp(void) { return gsl_odeiv2_step_rk1imp; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_rk2imp(void) { return gsl_odeiv2_step_rk2imp; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_rk4imp(void) { return gsl_odeiv2_step_rk4imp; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_bsimp(void) { return gsl_odeiv2_step_bsimp; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_msadams(void) { return gsl_odeiv2_step_msadams; }
static inline const gsl_odeiv2_step_type *flightline_odeiv2_step_msbdf(void) { return gsl_odeiv2_step_msbdf; }

static inline const char *flightline_gsl_version(void) { return gsl_version; }

#endif
