/* pb_shapes.h - launch shapes shared by the CUDA and OpenMP-target versions of a
 * kernel, so that matching versions split the work the same way. */
#ifndef PB_SHAPES_H
#define PB_SHAPES_H

/* dMVM */
#define PB_DMVM_ROW_BLOCK 256   /* V0/V1 (CUDA): threads per block, one thread per row */
#define PB_DMVM_TILE 32         /* V2-V6: 32 x 32 thread blocks (tiles of rows x columns) */
#define PB_DMVM_COL_THREADS 256 /* V3-V6: threads sharing one row (grid-stride over columns) */
#define PB_DMVM_ROW_THREADS 256 /* V7-V9 (CUDA): threads of the block that owns the rows */
#define PB_DMVM_V8_ROWS 4       /* V8: rows per team / block */
#define PB_DMVM_V9_BLK 8        /* V9: rows per team / block, a compile-time constant */

#endif
