/* Configure test of LLVM's `ompx_bare` clause and <ompx.h> (CMakeLists.txt,
 * pb_omp_features): compiled with a worker's compiler and flags and -Werror (a clang that
 * does not know the clause only warns that it ignores it), run under host fallback; exit 0
 * when the region ran. gcc has neither, so its workers have no method 2. */
#include <omp.h>
#include <ompx.h>

int main(void)
{
    int ran = 0, grid = 1, block = 1;
#pragma omp target teams ompx_bare num_teams(grid) thread_limit(block) map(tofrom : ran)
    {
        if (ompx_block_id_x() == 0)
            ran = 1;
    }
    return ran == 1 ? 0 : 1;
}
