#define _GNU_SOURCE
#include "pb_output.h"
#include "pb_common.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* The directory part of path ("." when there is none). */
static void dir_of(const char *path, char *out, size_t cap)
{
    char tmp[PATH_MAX];
    pb_strlcpy(tmp, path, sizeof tmp);
    pb_strlcpy(out, dirname(tmp), cap);
}

static const char *base_of(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

int pb_output_check(const char *opt, const char *path, const char *suffix, int allow_stdout, char *err, size_t cap)
{
    if (strcmp(path, "-") == 0) {
        if (allow_stdout)
            return PB_OK;
        snprintf(err, cap, "%s: standard output is taken already", opt);
        return PB_ERR;
    }
    size_t extra = suffix ? strlen(suffix) : 0;
    if (strlen(path) + extra >= PATH_MAX) {
        snprintf(err, cap, "%s: the path is too long (%zu bytes with '%s'; at most %d)", opt, strlen(path) + extra,
                 suffix ? suffix : "", PATH_MAX - 1);
        return PB_ERR;
    }
    const char *base = base_of(path);
    if (!base[0] || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
        snprintf(err, cap, "%s %s: names a directory, not a file", opt, path);
        return PB_ERR;
    }
    /* the temporary file is ".NAME.XXXXXX" */
    if (strlen(base) + extra + 8 > NAME_MAX) {
        snprintf(err, cap, "%s: the file name '%.40s...' is too long (%zu bytes; at most %d)", opt, base,
                 strlen(base) + extra, NAME_MAX - 8);
        return PB_ERR;
    }
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, cap, "%s %s: is a directory", opt, path);
            return PB_ERR;
        }
        if (!S_ISREG(st.st_mode)) {
            snprintf(err, cap, "%s %s: not a regular file (use - for standard output)", opt, path);
            return PB_ERR;
        }
    }
    char dir[PATH_MAX];
    dir_of(path, dir, sizeof dir);
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, cap, "%s %s: the directory %s does not exist", opt, path, dir);
        return PB_ERR;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, cap, "%s %s: cannot write in %s: %s", opt, path, dir, strerror(errno));
        return PB_ERR;
    }
    return PB_OK;
}

int pb_output_check_dir(const char *opt, const char *dir, char *err, size_t cap)
{
    char p[PATH_MAX];
    if (strlen(dir) + 256 >= sizeof p) { /* room for <gpu>/<benchmark>/<run>/<file> */
        snprintf(err, cap, "%s: the path is too long (%zu bytes)", opt, strlen(dir));
        return PB_ERR;
    }
    pb_strlcpy(p, dir, sizeof p);
    for (;;) {
        struct stat st;
        if (stat(p, &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                snprintf(err, cap, "%s: %s is not a directory", opt, p);
                return PB_ERR;
            }
            if (access(p, W_OK | X_OK) != 0) {
                snprintf(err, cap, "%s: cannot write in %s: %s", opt, p, strerror(errno));
                return PB_ERR;
            }
            return PB_OK;
        }
        char *slash = strrchr(p, '/');
        if (!slash)
            pb_strlcpy(p, ".", sizeof p);
        else if (slash == p)
            p[1] = '\0';
        else
            *slash = '\0';
    }
}

/* Write one file into a temporary beside its destination; *tmp gets its name. */
static int write_temp(const pb_out_file *o, char *tmp, size_t tcap, char *err, size_t cap)
{
    char dir[PATH_MAX];
    dir_of(o->path, dir, sizeof dir);
    if ((size_t)snprintf(tmp, tcap, "%s/.%s.XXXXXX", dir, base_of(o->path)) >= tcap) {
        snprintf(err, cap, "%s: path too long", o->path);
        return PB_ERR;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, cap, "cannot create a file in %s: %s", dir, strerror(errno));
        return PB_ERR;
    }
    mode_t um = umask(0); /* mkstemp makes 0600; results are for sharing, as fopen would */
    umask(um);
    fchmod(fd, 0666 & ~um);
    FILE *f = fdopen(fd, "w");
    int rc = f ? o->writer(f, o->ctx) : PB_ERR;
    if (f && (fflush(f) != 0 || ferror(f)))
        rc = PB_ERR;
    const char *delay = getenv("PB_TEST_WRITE_DELAY_MS"); /* test hook: a kill during the write */
    if (delay)
        usleep((useconds_t)atoi(delay) * 1000u);
    if (f && rc == PB_OK && fsync(fileno(f)) != 0 && errno != EINVAL)
        rc = PB_ERR;
    if (f ? fclose(f) != 0 : close(fd) != 0)
        rc = PB_ERR;
    if (rc != PB_OK) {
        snprintf(err, cap, "writing %s failed: %s", o->path, strerror(errno ? errno : EIO));
        unlink(tmp);
    }
    return rc;
}

int pb_write_atomic_set(const pb_out_file *files, int n, char *err, size_t cap)
{
    enum { MAXF = 8 };
    char tmp[MAXF][PATH_MAX + 16];
    int made = 0, rc = PB_OK;
    if (n > MAXF)
        n = MAXF;
    for (int i = 0; i < n && rc == PB_OK; ++i) {
        if (strcmp(files[i].path, "-") == 0) {
            tmp[i][0] = '\0';
            rc = files[i].writer(stdout, files[i].ctx);
            if (fflush(stdout) != 0 && rc == PB_OK) {
                snprintf(err, cap, "writing to standard output failed: %s", strerror(errno));
                rc = PB_ERR;
            }
        } else {
            rc = write_temp(&files[i], tmp[i], sizeof tmp[i], err, cap);
        }
        if (rc == PB_OK)
            made = i + 1;
    }
    /* Lock the destination directory while renaming: two runs on one path each leave
     * their whole set, never a mix of both. */
    int lockfd = -1;
    if (rc == PB_OK && made > 0) {
        for (int i = 0; i < made && lockfd < 0; ++i)
            if (tmp[i][0]) {
                char dir[PATH_MAX];
                dir_of(files[i].path, dir, sizeof dir);
                lockfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
                if (lockfd >= 0)
                    flock(lockfd, LOCK_EX);
            }
    }
    for (int i = 0; i < made; ++i) {
        if (!tmp[i][0])
            continue;
        if (rc == PB_OK && rename(tmp[i], files[i].path) != 0) {
            snprintf(err, cap, "cannot rename onto %s: %s", files[i].path, strerror(errno));
            rc = PB_ERR;
        }
        if (rc != PB_OK)
            unlink(tmp[i]);
    }
    if (lockfd >= 0)
        close(lockfd); /* releases the lock */
    return rc;
}

int pb_write_atomic(const char *path, pb_writer_fn writer, const void *ctx, char *err, size_t cap)
{
    pb_out_file f = {path, writer, ctx};
    return pb_write_atomic_set(&f, 1, err, cap);
}

int pb_write_csv_rows(FILE *f, const void *rowset)
{
    const pb_rowset *s = rowset;
    pb_csv_write_header(f);
    for (size_t i = 0; i < s->n; ++i)
        pb_csv_write_row(f, &s->rows[i]);
    return ferror(f) ? PB_ERR : PB_OK;
}

int pb_write_text(FILE *f, const void *text)
{
    fputs((const char *)text, f);
    return ferror(f) ? PB_ERR : PB_OK;
}

void *pb_row_to_json(const pb_row *r)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    for (size_t i = 0; i < pb_csv_ncolumns(); ++i) {
        const char *name = pb_csv_column_name(i);
        if (pb_csv_column_is_number(i)) {
            double v = pb_row_num(r, i);
            if (isfinite(v))
                cJSON_AddNumberToObject(o, name, v);
            else
                cJSON_AddNullToObject(o, name);
        } else {
            const char *s = pb_row_str(r, i);
            if (s[0])
                cJSON_AddStringToObject(o, name, s);
            else
                cJSON_AddNullToObject(o, name);
        }
    }
    return o;
}
