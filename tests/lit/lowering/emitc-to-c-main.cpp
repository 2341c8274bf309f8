// The calls of emitc-to-c.mlir, on the functions its EmitC lowering
// translated to C++ (included with -include, after stdint.h and stddef.h):
// one result per line, in the
// order of the test's rmlir-run lines.
#include <cstdio>

static void print(long long v) { std::printf("%lld\n", v); }

int main() {
  print(add_wrap(2147483647, 1));
  print(mul_wrap(65536, 65537));
  print(sub_nsw(-5, 7));
  print(divs(-7, 2));
  print(divu(-7, 2));
  print(shifts(-16, 2));
  print(shifts(1, 31));
  print((ptrdiff_t)index_ops((size_t)-16, 3));
  print((ptrdiff_t)index_ops(9223372036854775807ull, 63));
  print(cmpi_bits(-1, 1));
  print(cmpi_bits(5, 5));
  print(cmpf_bits(1.0, __builtin_nan("")));
  print(cmpf_bits(2.0, 2.0));
  print(cmpf_bits(-0.0, 0.0));
  print(cmpf_bits(-1.5, __builtin_inf()));
  print(int_casts(-1234567));
  print(int_casts(255));
  print(float_casts(-2.75));
  print(float_casts(1e10));
  print(unsigned_float(-1));
  print(select_min(-3, 2));
  print(to_i1(6));
  print(to_i1(7));
  return 0;
}
