// The plain-C floor under the spring kernels (issue 15): the closed-form sample of an
// underdamped spring with the C library's exp and sincos, and the exact 2 x 2 step, each as a
// loop in C so that Swift only calls it once per batch. Compiled with -O2 (Package.swift).
#ifndef FLIGHTLINE_CSPRINGFLOOR_H
#define FLIGHTLINE_CSPRINGFLOOR_H

#include <stddef.h>

/// An underdamped spring motion: decay rate lambda, damped frequency omega (> 0), natural
/// frequency squared omega2, target, initial displacement x0 (from the target) and velocity v0.
typedef struct {
    double lambda, omega, omega2, target, x0, v0;
} FlightlineCSpring;

/// target + e^(-lambda t) ((cos(omega t) + lambda sin(omega t)/omega) x0 + sin(omega t)/omega v0).
double flightline_c_spring_position(const FlightlineCSpring *spring, double t);

/// The sum of flightline_c_spring_position over `count` times (the timed loop of the floor).
double flightline_c_spring_position_sum(const FlightlineCSpring *spring, const double *times, size_t count);

/// `count` exact steps of one spring: (x, v) <- (m11 x + m12 v, m21 x + m22 v), in place.
void flightline_c_spring_steps(double m11, double m12, double m21, double m22,
                               double *x, double *v, size_t count);

#endif
