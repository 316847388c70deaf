/* pb_sha256.h - SHA-256 (FIPS 180-4): the content hash that identifies a run in the store
 * (store.h) and, where it is known, a worker binary. No library: Debian's sqlite3 and cJSON
 * have none, and a 64-bit hash is too weak to be an identity. */
#ifndef PB_SHA256_H
#define PB_SHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_sha256 {
    uint32_t h[8];
    uint64_t len;          /* bytes hashed so far */
    unsigned char buf[64]; /* a block not yet full */
    size_t nbuf;
} pb_sha256;

void pb_sha256_init(pb_sha256 *c);
void pb_sha256_update(pb_sha256 *c, const void *data, size_t n);
/* The digest as 64 lower-case hex digits and a NUL. */
void pb_sha256_hex(pb_sha256 *c, char hex[65]);

/* The digest of a whole file: 0, or -1 (errno set) when it cannot be read. */
int pb_sha256_file(const char *path, char hex[65]);

#ifdef __cplusplus
}
#endif
#endif
