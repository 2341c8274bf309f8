// Seed 003's matmul shape function, end to end (../shared/seeds/003, and
// ../shared/spec/lowering.md for the defects of the seed's listings, fixed
// here: `rshape.func`/`rshape.return` in the library, both split_ats typed
// with two results and reading their own shapes, the inner-dimension meet on
// shapes).
//
// Stage 1 (error monadic): the library function below. `demo.matmul` is a
// stand-in op whose only meaning is its shape function; `@main_shape` asks
// for its result shape, and `@run` prints that shape for operands of the
// given extents (an operand of rank 3 when `rank3` is nonzero).
module attributes {rshape.lib = @shplib} {
  rshape.function_library @shplib {
    rshape.func @matmul(%lhs: !rshape.value_shape, %rhs: !rshape.value_shape) -> !rshape.shape {
      %c1 = rshape.const_size 1
      %c2 = rshape.const_size 2
      %lhs_shape = rshape.shape_of %lhs : !rshape.value_shape -> !rshape.shape
      %rhs_shape = rshape.shape_of %rhs : !rshape.value_shape -> !rshape.shape
      %lhs_rank = rshape.rank %lhs_shape : !rshape.shape -> !rshape.size
      %rhs_rank = rshape.rank %rhs_shape : !rshape.shape -> !rshape.size
      %l2 = rshape.meet %c2, %lhs_rank, error = "requires rank 2 operands" : !rshape.size, !rshape.size -> !rshape.size
      %r2 = rshape.meet %c2, %rhs_rank, error = "requires rank 2 operands" : !rshape.size, !rshape.size -> !rshape.size
      %l0, %l1 = "rshape.split_at"(%lhs_shape, %c1) : (!rshape.shape, !rshape.size) -> (!rshape.shape, !rshape.shape)
      %r0, %r1 = "rshape.split_at"(%rhs_shape, %c1) : (!rshape.shape, !rshape.size) -> (!rshape.shape, !rshape.shape)
      %inner = rshape.meet %l1, %r0, error = "inner dimensions required to match" : !rshape.shape, !rshape.shape -> !rshape.shape
      %res = rshape.concat %l0, %r1 : !rshape.shape, !rshape.shape -> !rshape.shape
      rshape.return %res : !rshape.shape
    }
  } mapping {
    demo.matmul = @matmul
  }

  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()

  func.func @main_shape(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {
    %product = "demo.matmul"(%lhs, %rhs) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    %shape = rshape.shape_of %product : tensor<*xf32> -> tensor<?xindex>
    return %shape : tensor<?xindex>
  }

  // Prints the extents of the result shape, comma separated.
  func.func @run(%m: i64, %k1: i64, %k2: i64, %n: i64, %rank3: i64) {
    %c0 = rarith.constant 0 : index
    %c1 = rarith.constant 1 : index
    %zero = rarith.constant 0 : i64
    %mi = rarith.index_cast %m : i64 to index
    %k1i = rarith.index_cast %k1 : i64 to index
    %k2i = rarith.index_cast %k2 : i64 to index
    %ni = rarith.index_cast %n : i64 to index
    %is3 = rarith.cmpi ne, %rank3, %zero : i64
    %lhs = scf.if %is3 -> (tensor<*xf32>) {
      %t = tensor.empty(%c1, %mi, %k1i) : tensor<?x?x?xf32>
      %u = tensor.cast %t : tensor<?x?x?xf32> to tensor<*xf32>
      scf.yield %u : tensor<*xf32>
    } else {
      %t = tensor.empty(%mi, %k1i) : tensor<?x?xf32>
      %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
      scf.yield %u : tensor<*xf32>
    }
    %b = tensor.empty(%k2i, %ni) : tensor<?x?xf32>
    %rhs = tensor.cast %b : tensor<?x?xf32> to tensor<*xf32>
    %shape = func.call @main_shape(%lhs, %rhs) : (tensor<*xf32>, tensor<*xf32>) -> tensor<?xindex>
    %rank = tensor.dim %shape, %c0 : tensor<?xindex>
    scf.for %i = %c0 to %rank step %c1 {
      %e = tensor.extract %shape[%i] : tensor<?xindex>
      %v = rarith.index_cast %e : index to i64
      func.call @printI64(%v) : (i64) -> ()
      %last = rarith.subi %rank, %c1 : index
      %more = rarith.cmpi ult, %i, %last : index
      scf.if %more {
        func.call @printComma() : () -> ()
      }
    }
    func.call @printNewline() : () -> ()
    return
  }
}
