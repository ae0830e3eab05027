// See include/CSpringFloor.h. Plain C99 with glibc's sincos (a GNU extension).
#define _GNU_SOURCE
#include <math.h>
#include "CSpringFloor.h"

double flightline_c_spring_position(const FlightlineCSpring *spring, double t) {
    double s, c;
    sincos(spring->omega * t, &s, &c);
    double envelope = exp(-spring->lambda * t);
    double eC = envelope * c, eS = envelope * (s / spring->omega);
    return spring->target + (eC + spring->lambda * eS) * spring->x0 + eS * spring->v0;
}

double flightline_c_spring_position_sum(const FlightlineCSpring *spring, const double *times, size_t count) {
    double sum = 0;
    for (size_t i = 0; i < count; i++) sum += flightline_c_spring_position(spring, times[i]);
    return sum;
}

void flightline_c_spring_steps(double m11, double m12, double m21, double m22,
                               double *x, double *v, size_t count) {
    double a = *x, b = *v;
    for (size_t i = 0; i < count; i++) {
        double next = m11 * a + m12 * b;
        b = m21 * a + m22 * b;
        a = next;
    }
    *x = a;
    *v = b;
}
