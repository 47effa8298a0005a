/*
 * Glicko-2 (see glicko.h), step by step as Glickman describes it: to the
 * Glicko-2 scale, the estimated variance v and improvement delta, the new
 * volatility by the Illinois algorithm, the new deviation and rating, and
 * back to the 1500 scale.
 */
#include "config.h"

#include <math.h>

#include "server/glicko.h"

/* The factor between the Glicko and Glicko-2 scales. */
static const double GLICKO_SCALE = 173.7178;

/* pi, which C11 does not name. */
static const double GLICKO_PI = 3.14159265358979323846;

/* Where the volatility iteration stops (Glickman's epsilon). */
static const double GLICKO_EPSILON = 0.000001;

/* A deviation never grows past a newcomer's. */
static const double GLICKO_MAX_DEVIATION = GLICKO_START_DEVIATION;

struct glicko
glicko_start(void)
{
	return (struct glicko){GLICKO_START_RATING, GLICKO_START_DEVIATION,
	                       GLICKO_START_VOLATILITY};
}

/* g(phi): how much an opponent's uncertainty damps the result. */
static double
glicko_g(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (GLICKO_PI * GLICKO_PI));
}

/* The expected score against an opponent (mu_j, phi_j). */
static double
glicko_expect(double mu, double mu_j, double phi_j)
{
	return 1.0 / (1.0 + exp(-glicko_g(phi_j) * (mu - mu_j)));
}

/* The function whose root is the new volatility's log-square. */
static double
glicko_f(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x), d = phi * phi + v + ex;
	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) -
	       (x - a) / (tau * tau);
}

/* The new volatility (step 5, the Illinois algorithm). */
static double
glicko_volatility(double sigma, double delta, double phi, double v, double tau)
{
	double a = log(sigma * sigma), A = a, B;
	if (delta * delta > phi * phi + v)
		B = log(delta * delta - phi * phi - v);
	else {
		int k = 1;
		while (glicko_f(a - k * tau, delta, phi, v, a, tau) < 0 &&
		       k < 1000)
			k++;
		B = a - k * tau;
	}
	double fA = glicko_f(A, delta, phi, v, a, tau);
	double fB = glicko_f(B, delta, phi, v, a, tau);
	for (int i = 0; fabs(B - A) > GLICKO_EPSILON && i < 1000; i++) {
		double C = A + (A - B) * fA / (fB - fA);
		double fC = glicko_f(C, delta, phi, v, a, tau);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else
			fA /= 2.0;
		B = C;
		fB = fC;
	}
	return exp(A / 2.0);
}

struct glicko
glicko_update(struct glicko before, const struct glicko_game *g, size_t n,
              double tau)
{
	double mu = (before.rating - GLICKO_START_RATING) / GLICKO_SCALE;
	double phi = before.deviation / GLICKO_SCALE;
	double sigma = before.volatility;
	struct glicko after = before;
	if (n == 0) {
		after.deviation =
		        fmin(GLICKO_SCALE * sqrt(phi * phi + sigma * sigma),
		             GLICKO_MAX_DEVIATION);
		return after;
	}
	double inv_v = 0, sum = 0;
	for (size_t i = 0; i < n; i++) {
		double mu_j = (g[i].opponent.rating - GLICKO_START_RATING) /
		              GLICKO_SCALE;
		double phi_j = g[i].opponent.deviation / GLICKO_SCALE;
		double gj = glicko_g(phi_j), e = glicko_expect(mu, mu_j, phi_j);
		inv_v += gj * gj * e * (1.0 - e);
		sum += gj * (g[i].score - e);
	}
	double v = 1.0 / inv_v, delta = v * sum;
	double sigma2 = glicko_volatility(sigma, delta, phi, v, tau);
	double phi_star = sqrt(phi * phi + sigma2 * sigma2);
	double phi2 = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
	after.rating =
	        GLICKO_SCALE * (mu + phi2 * phi2 * sum) + GLICKO_START_RATING;
	after.deviation = fmin(GLICKO_SCALE * phi2, GLICKO_MAX_DEVIATION);
	after.volatility = sigma2;
	return after;
}
