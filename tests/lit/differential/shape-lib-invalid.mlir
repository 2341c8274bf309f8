// Differential diagnostics: the `rshape.lib` attribute (shape function
// libraries of a symbol table) is verified with upstream's messages.
// RUN: %to-upstream %s | sed -E 's/rshape\.lib/shape.lib/g' | not %upstream-mlir-opt --allow-unregistered-dialect --split-input-file -o /dev/null 2>&1 | %from-upstream | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/; s/rrshape\.lib/rshape.lib/g' > %t.upstream
// RUN: not rmlir-opt %s --allow-unregistered-dialect --split-input-file -o /dev/null 2>&1 | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.rmlir
// RUN: not %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file -o /dev/null 2>&1 | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK: error: only one op to shape mapping allowed, found multiple for `"test.op"`
module attributes {rshape.lib = [@a, @b]} {
  rshape.function_library @a {
    rshape.func @f(%x: !rshape.value_shape) -> !rshape.shape {
      %0 = rshape.shape_of %x : !rshape.value_shape -> !rshape.shape
      rshape.return %0 : !rshape.shape
    }
  } mapping {
    test.op = @f
  }
  rshape.function_library @b {
  } mapping {
    test.op = @f
  }
}

// -----

// CHECK: error: shape function library @missing not found
module attributes {rshape.lib = @missing} {
}

// -----

// CHECK: error: @f required to be shape function library
module attributes {rshape.lib = @f} {
  func.func @f() {
    return
  }
}

// -----

// CHECK: error: @f does not refer to FunctionLibraryOp
module attributes {rshape.lib = [@f]} {
  func.func @f() {
    return
  }
}

// -----

// CHECK: error: only SymbolRefAttr allowed in rshape.lib attribute array
module attributes {rshape.lib = [1]} {
}

// -----

// CHECK: error: only SymbolRefAttr or array of SymbolRefAttrs allowed as rshape.lib attribute
module attributes {rshape.lib = "lib"} {
}

// -----

// CHECK: error: rshape.lib attribute may only be on op implementing SymbolTable
func.func @f() attributes {rshape.lib = @x} {
  return
}
