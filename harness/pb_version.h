/* pb_version.h - build identification, generated at build time (see CMakeLists.txt). */
#ifndef PB_VERSION_H
#define PB_VERSION_H
#ifdef __cplusplus
extern "C" {
#endif
extern const char pb_version[];   /* portbench release */
extern const char pb_git_sha[];   /* source revision, "-dirty" if modified, or "unknown" */
extern const char pb_git_dirty[]; /* the tracked files that differ from it, one a line (the first 50) */
extern const int pb_git_dirty_count; /* how many differ */
#ifdef __cplusplus
}
#endif
#endif
