// tensor + rarith: tensor folds materialize constants (dims, extracts).
// pipeline: canonicalize,cse,canonicalize
func.func @tensor_mix(%t: tensor<4x?xf32>, %n: index) -> (index, index, f32, f32, tensor<?xf32>) {
  %c0 = rarith.constant 0 : index
  %c1 = rarith.constant 1 : index
  %c4 = rarith.constant 4 : index
  %d0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<4x?xf32>
  %sum = rarith.addi %d0, %d1 : index
  %s = rarith.addi %sum, %c4 : index
  %cst = rarith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.extract %cst[%c1] : tensor<4xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %v = rarith.constant 2.0 : f32
    tensor.yield %v : f32
  } : tensor<?xf32>
  %x = tensor.extract %g[%c0] : tensor<?xf32>
  %f = rarith.addf %e, %x : f32
  return %d0, %s, %e, %f, %g : index, index, f32, f32, tensor<?xf32>
}
