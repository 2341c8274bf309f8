// Driver for the AOT demo: calls the functions of examples/demo.mlir after
// they were compiled to an object file.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int32_t ten(void);
int32_t compute(int32_t x, int32_t y);

int main(int argc, char **argv) {
  int32_t x = argc > 1 ? (int32_t)atoi(argv[1]) : 0;
  int32_t y = argc > 2 ? (int32_t)atoi(argv[2]) : 100;
  printf("ten() = %d\n", ten());
  printf("compute(%d, %d) = %d\n", x, y, compute(x, y));
  return 0;
}
