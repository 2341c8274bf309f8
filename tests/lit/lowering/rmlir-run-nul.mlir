// Found by make fuzz: input text with a NUL byte made the parser's C-string
// conversion panic. rmlir-run reports it and fails; nothing crashes.
// RUN: printf 'func.func @f() {\0}\n' > %t.mlir
// RUN: not rmlir-run %t.mlir -e f 2>&1 | FileCheck %s
// CHECK: rmlir-run: {{.*}}: the input contains a NUL byte
