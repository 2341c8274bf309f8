/* Driver for the AOT build of examples/matmul-003.mlir: the operand extents
 * come from the command line. `run` prints the result shape, or a failing
 * constraint's message (the program then aborts). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void run(int64_t m, int64_t k1, int64_t k2, int64_t n, int64_t rank3);

int main(int argc, char **argv) {
  if (argc != 5 && argc != 6) {
    fprintf(stderr, "usage: %s M K1 K2 N [LHS_RANK3]\n", argv[0]);
    return 2;
  }
  /* Keep the messages of a failing assert (it aborts). */
  setvbuf(stdout, NULL, _IONBF, 0);
  run(atoll(argv[1]), atoll(argv[2]), atoll(argv[3]), atoll(argv[4]),
      argc == 6 ? atoll(argv[5]) : 0);
  return 0;
}
