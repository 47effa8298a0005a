/*
 * SHA-256 (FIPS 180-4), for the fingerprints of SSH keys that name their
 * owners' seats (server/identity.h): the same "SHA256:..." that
 * `ssh-keygen -l` shows.
 */
#ifndef TABULA_SERVER_SHA256_H
#define TABULA_SERVER_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_BYTES 32

/* The digest of data[0..len) into out. */
void sha256(const void *data, size_t len, uint8_t out[SHA256_BYTES]);

#endif
