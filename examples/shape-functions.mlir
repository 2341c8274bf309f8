// Shape functions on extent tensors, lowered to native code by
// rmlir::pipeline::LOWER_RSHAPE_TO_LLVM (`rmlir-run --lower=rshape`) and
// called with memrefs: see scripts/demo.sh.

// The shape two operands broadcast to.
func.func @broadcast(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %0 = rshape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// The number of elements of a shape, and whether two shapes broadcast.
func.func @elements_and_broadcastable(%a: tensor<?xindex>, %b: tensor<?xindex>) -> (index, i1) {
  %n = rshape.num_elements %a : tensor<?xindex> -> index
  %ok = rshape.is_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  return %n, %ok : index, i1
}
