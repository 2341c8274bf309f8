// Shapes broadcast at compile time: [2, 1] with [3] gives [2, 3];
// [5, 1, 4] with [1, 3, 1] gives [5, 3, 4].
func.func @shape() -> tensor<2xindex> {
  %a = rshape.const_shape [2, 1] : tensor<2xindex>
  %b = rshape.const_shape [3] : tensor<1xindex>
  %s = rshape.broadcast %a, %b : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
  return %s : tensor<2xindex>
}

func.func @ranked() -> !rshape.shape {
  %a = rshape.const_shape [5, 1, 4] : !rshape.shape
  %b = rshape.const_shape [1, 3, 1] : !rshape.shape
  %s = rshape.broadcast %a, %b : !rshape.shape, !rshape.shape -> !rshape.shape
  return %s : !rshape.shape
}
