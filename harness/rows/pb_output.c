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

/* 1 when dir (a canonical path) is this process's descriptor directory: /proc/self/fd and
 * /proc/thread-self/fd resolve to /proc/<pid>/fd and /proc/<pid>/task/<tid>/fd. */
static int own_fd_dir(const char *dir)
{
    long pid, tid;
    int end = 0;
    if (sscanf(dir, "/proc/%ld/fd%n", &pid, &end) == 1 && dir[end] == '\0')
        return pid == (long)getpid();
    end = 0;
    return sscanf(dir, "/proc/%ld/task/%ld/fd%n", &pid, &tid, &end) == 2 && dir[end] == '\0' && pid == (long)getpid();
}

int pb_output_resolve(const char *path, pb_out_dest *d, char *err, size_t cap)
{
    d->fd = -1;
    d->path[0] = '\0';
    if (strcmp(path, "-") == 0) {
        d->fd = STDOUT_FILENO;
        return PB_OK;
    }
    char cur[PATH_MAX];
    if (strlen(path) >= sizeof cur) {
        snprintf(err, cap, "the path is too long");
        return PB_ERR;
    }
    pb_strlcpy(cur, path, sizeof cur);
    for (int hop = 0; hop < 40; ++hop) { /* the kernel's limit of links in a path */
        char dir[PATH_MAX], real[PATH_MAX], full[PATH_MAX], target[PATH_MAX];
        dir_of(cur, dir, sizeof dir);
        const char *base = base_of(cur);
        if (!realpath(dir, real)) {
            if (errno == ENOENT || errno == ENOTDIR)
                snprintf(err, cap, "the directory %s does not exist", dir);
            else
                snprintf(err, cap, "cannot reach the directory %s: %s", dir, strerror(errno));
            return PB_ERR;
        }
        /* /dev/stdout, /dev/fd/N, /proc/self/fd/N: an open file of this process, whose
         * link names some file (or pipe) that must not be replaced: written in place */
        if (own_fd_dir(real) && base[0] && strspn(base, "0123456789") == strlen(base) && strlen(base) < 9) {
            d->fd = atoi(base);
            return PB_OK;
        }
        if (strncmp(real, "/proc/", 6) == 0 || strcmp(real, "/proc") == 0) {
            snprintf(err, cap, "%s/%s is a file of /proc, not one for results", real, base);
            return PB_ERR;
        }
        if ((size_t)snprintf(full, sizeof full, "%s/%s", strcmp(real, "/") ? real : "", base) >= sizeof full) {
            snprintf(err, cap, "the path is too long");
            return PB_ERR;
        }
        struct stat st;
        if (lstat(full, &st) != 0 || !S_ISLNK(st.st_mode)) {
            pb_strlcpy(d->path, full, sizeof d->path);
            return PB_OK;
        }
        ssize_t n = readlink(full, target, sizeof target - 1);
        if (n < 0) {
            snprintf(err, cap, "cannot read the link %s: %s", full, strerror(errno));
            return PB_ERR;
        }
        target[n] = '\0';
        int len = target[0] == '/' ? snprintf(cur, sizeof cur, "%s", target)
                                   : snprintf(cur, sizeof cur, "%s/%s", real, target);
        if (len < 0 || (size_t)len >= sizeof cur || (size_t)n >= sizeof target - 1) {
            snprintf(err, cap, "the target of the link %s is too long", full);
            return PB_ERR;
        }
    }
    snprintf(err, cap, "too many levels of symbolic links");
    return PB_ERR;
}

int pb_output_fd(const char *path)
{
    pb_out_dest d;
    char err[64];
    return pb_output_resolve(path, &d, err, sizeof err) == PB_OK ? d.fd : -1;
}

int pb_output_check(const char *opt, const char *path, const char *suffix, int allow_stdout, char *err, size_t cap)
{
    size_t extra = suffix ? strlen(suffix) : 0;
    if (strcmp(path, "-") != 0 && strlen(path) + extra >= PATH_MAX) {
        snprintf(err, cap, "%s: the path is too long (%zu bytes with '%s'; at most %d)", opt, strlen(path) + extra,
                 suffix ? suffix : "", PATH_MAX - 1);
        return PB_ERR;
    }
    const char *base = base_of(path);
    if (strcmp(path, "-") != 0 && (!base[0] || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)) {
        snprintf(err, cap, "%s %s: names a directory, not a file", opt, path);
        return PB_ERR;
    }
    pb_out_dest d;
    char why[PATH_MAX + 128];
    if (pb_output_resolve(path, &d, why, sizeof why) != PB_OK) {
        snprintf(err, cap, "%s %s: %s", opt, path, why);
        return PB_ERR;
    }
    if (d.fd >= 0) { /* an open descriptor, written in place */
        if (d.fd == STDOUT_FILENO && !allow_stdout) {
            snprintf(err, cap, "%s: standard output is taken already", opt);
            return PB_ERR;
        }
        int fl = fcntl(d.fd, F_GETFL);
        if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY) {
            snprintf(err, cap, "%s %s: descriptor %d is not open for writing", opt, path, d.fd);
            return PB_ERR;
        }
        return PB_OK;
    }
    /* the temporary file is ".NAME.XXXXXX" beside the file the path leads to */
    const char *dbase = base_of(d.path);
    if (strlen(base) + extra + 8 > NAME_MAX || strlen(dbase) + 8 > NAME_MAX) {
        snprintf(err, cap, "%s: the file name '%.40s...' is too long (%zu bytes; at most %d)", opt, base,
                 strlen(base) + extra, NAME_MAX - 8);
        return PB_ERR;
    }
    struct stat st;
    if (stat(d.path, &st) == 0) {
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
    dir_of(d.path, dir, sizeof dir);
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, cap, "%s %s: cannot write in %s: %s", opt, path, dir, strerror(errno));
        return PB_ERR;
    }
    return PB_OK;
}

int pb_output_same(const char *a, const char *b)
{
    pb_out_dest x, y;
    char err[PATH_MAX + 128];
    if (pb_output_resolve(a, &x, err, sizeof err) != PB_OK || pb_output_resolve(b, &y, err, sizeof err) != PB_OK)
        return 0;
    if (x.fd >= 0 && x.fd == y.fd)
        return 1;
    if (x.fd < 0 && y.fd < 0 && strcmp(x.path, y.path) == 0)
        return 1;
    struct stat sa, sb; /* hard links, and a descriptor open on the other file */
    int ha = x.fd >= 0 ? fstat(x.fd, &sa) : stat(x.path, &sa), hb = y.fd >= 0 ? fstat(y.fd, &sb) : stat(y.path, &sb);
    return ha == 0 && hb == 0 && S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
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
        /* missing (or under a file, found next): made later; anything else stops mkdir too */
        if (errno != ENOENT && errno != ENOTDIR) {
            snprintf(err, cap, "%s: cannot reach %s: %s", opt, p, strerror(errno));
            return PB_ERR;
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

/* Write one file into a temporary beside dest, the file its path leads to; *tmp gets the
 * temporary's name. The error names the file and the first failure's reason. */
static int write_temp(const pb_out_file *o, const char *dest, char *tmp, size_t tcap, char *err, size_t cap)
{
    char dir[PATH_MAX];
    dir_of(dest, dir, sizeof dir);
    if ((size_t)snprintf(tmp, tcap, "%s/.%s.XXXXXX", dir, base_of(dest)) >= tcap) {
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
    int e = 0; /* errno of the first failure */
    FILE *f = fdopen(fd, "w");
    if (!f)
        e = errno;
    errno = 0;
    int rc = f ? o->writer(f, o->ctx) : PB_ERR;
    if (f && (rc != PB_OK || fflush(f) != 0 || ferror(f))) {
        rc = PB_ERR;
        e = e ? e : errno;
    }
    const char *delay = getenv("PB_TEST_WRITE_DELAY_MS"); /* test hook: a kill during the write */
    if (delay)
        usleep((useconds_t)atoi(delay) * 1000u);
    if (f && rc == PB_OK && fsync(fileno(f)) != 0 && errno != EINVAL) {
        rc = PB_ERR;
        e = errno;
    }
    if (f ? fclose(f) != 0 : close(fd) != 0) {
        rc = PB_ERR;
        e = e ? e : errno;
    }
    if (rc != PB_OK) {
        snprintf(err, cap, "writing %s failed: %s", o->path, e ? strerror(e) : "a write error");
        unlink(tmp);
    }
    return rc;
}

/* Write one file in place to an open descriptor of this process (standard output,
 * /dev/fd/N): nothing to rename, and the descriptor stays open. */
static int write_fd(const pb_out_file *o, int fd, char *err, size_t cap)
{
    FILE *f = fd == STDOUT_FILENO ? stdout : fd == STDERR_FILENO ? stderr : NULL;
    int own = 0;
    if (!f) {
        int copy = dup(fd);
        f = copy >= 0 ? fdopen(copy, "w") : NULL;
        if (!f && copy >= 0)
            close(copy);
        own = f != NULL;
    }
    int e = f ? 0 : errno;
    errno = 0;
    int rc = f ? o->writer(f, o->ctx) : PB_ERR;
    if (f && (rc != PB_OK || fflush(f) != 0 || ferror(f))) {
        rc = PB_ERR;
        e = e ? e : errno;
    }
    if (own && fclose(f) != 0 && rc == PB_OK) {
        rc = PB_ERR;
        e = errno;
    }
    if (rc != PB_OK)
        snprintf(err, cap, "writing %s failed: %s", strcmp(o->path, "-") == 0 ? "to standard output" : o->path,
                 e ? strerror(e) : "a write error");
    return rc;
}

int pb_write_atomic_set(const pb_out_file *files, int n, char *err, size_t cap)
{
    enum { MAXF = 8 };
    char tmp[MAXF][PATH_MAX + 16];
    pb_out_dest dest[MAXF];
    int made = 0, rc = PB_OK;
    if (n > MAXF)
        n = MAXF;
    for (int i = 0; i < n && rc == PB_OK; ++i) {
        tmp[i][0] = '\0';
        char why[PATH_MAX + 128];
        if (pb_output_resolve(files[i].path, &dest[i], why, sizeof why) != PB_OK) {
            snprintf(err, cap, "%s: %s", files[i].path, why);
            rc = PB_ERR;
        } else if (dest[i].fd >= 0) {
            rc = write_fd(&files[i], dest[i].fd, err, cap);
        } else {
            rc = write_temp(&files[i], dest[i].path, tmp[i], sizeof tmp[i], err, cap);
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
                dir_of(dest[i].path, dir, sizeof dir);
                lockfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
                if (lockfd >= 0)
                    flock(lockfd, LOCK_EX);
            }
    }
    /* onto the file a link leads to, never onto the link */
    for (int i = 0; i < made; ++i) {
        if (!tmp[i][0])
            continue;
        if (rc == PB_OK && rename(tmp[i], dest[i].path) != 0) {
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

int pb_output_close(FILE *f, const char *name, char *err, size_t cap)
{
    errno = 0;
    int failed = fflush(f) != 0, e = errno; /* a write that failed earlier is retried here */
    failed |= ferror(f) != 0;
    errno = 0;
    if (fclose(f) != 0) {
        failed = 1;
        e = e ? e : errno;
    }
    if (!failed)
        return PB_OK;
    snprintf(err, cap, "cannot write %s: %s", name, e ? strerror(e) : "a write error");
    return PB_ERR;
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

int pb_write_json(FILE *f, const void *json)
{
    char *text = cJSON_Print((const cJSON *)json);
    int rc = text && fputs(text, f) >= 0 && fputc('\n', f) != EOF ? PB_OK : PB_ERR;
    free(text);
    return rc;
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
    if (r->nsamples) { /* {"host_s": [...], "device_s": [...], "sm_clock_mhz": [...]}, null where unknown */
        static const char *const names[3] = {"host_s", "device_s", "sm_clock_mhz"};
        cJSON *smp = cJSON_AddObjectToObject(o, "samples");
        for (int k = 0; smp && k < 3; ++k) {
            cJSON *a = cJSON_AddArrayToObject(smp, names[k]);
            for (size_t i = 0; a && i < r->nsamples; ++i) {
                const pb_sample *p = &r->samples[i];
                double v = k == 0 ? p->host_s : k == 1 ? p->device_s : p->sm_clock_mhz;
                cJSON_AddItemToArray(a, isfinite(v) ? cJSON_CreateNumber(v) : cJSON_CreateNull());
            }
        }
    }
    return o;
}
