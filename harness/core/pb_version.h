/* pb_version.h - build identification, generated at build time (see CMakeLists.txt). */
#ifndef PB_VERSION_H
#define PB_VERSION_H
#ifdef __cplusplus
extern "C" {
#endif
extern const char pb_version[];   /* portbench release */
extern const char pb_git_sha[];   /* source revision, "-dirty" if modified, or "unknown" */
/* the driver only (pb_git_dirty.c): the tracked files behind "-dirty", one a line (the first 50), and how many */
extern const char pb_git_dirty[];
extern const int pb_git_dirty_count;
#ifdef __cplusplus
}
#endif
#endif
