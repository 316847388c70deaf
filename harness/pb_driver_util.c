#define _GNU_SOURCE
#include "pb_driver.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

const char *pb_libexec_dir(void)
{
    static char dir[PATH_MAX];
    if (dir[0])
        return dir;
    const char *env = getenv("PORTBENCH_LIBEXEC");
    if (env && *env) {
        pb_strlcpy(dir, env, sizeof dir);
        return dir;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        pb_strlcpy(dir, ".", sizeof dir);
        return dir;
    }
    exe[n] = '\0';
    snprintf(dir, sizeof dir, "%s/../libexec/portbench", dirname(exe));
    return dir;
}

int pb_run_worker(const char *worker, char **argv)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", pb_libexec_dir(), worker);
    if (access(path, X_OK) != 0)
        return 127;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return 126;
    if (pid == 0) {
        argv[0] = path;
        execv(path, argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return 126;
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
