// Differential: `assuming_all` over `cstr_broadcastable`s drops the ones
// implied by a larger one and erases those left unused, exactly as upstream
// (whose std::remove_if erases the ops in the vacated slots, so a dropped
// constraint whose slot was refilled stays, dead: see @refilled_slot).
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @repeated_operands(%s: tensor<?xindex>, %c: tensor<?xindex>) -> !rshape.witness {
  %a = rshape.cstr_broadcastable %s, %c, %s : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %b = rshape.cstr_broadcastable %c, %s : tensor<?xindex>, tensor<?xindex>
  %w = rshape.assuming_all %a, %b
  return %w : !rshape.witness
}

// -----

func.func @nested_subsets(%s: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>) -> !rshape.witness {
  %a = rshape.cstr_broadcastable %s, %c : tensor<?xindex>, tensor<?xindex>
  %b = rshape.cstr_broadcastable %s, %c, %d : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %e = rshape.cstr_broadcastable %c, %d : tensor<?xindex>, tensor<?xindex>
  %w = rshape.assuming_all %a, %b, %e
  return %w : !rshape.witness
}

// -----

func.func @refilled_slot(%s: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>, %x: tensor<?xindex>) -> !rshape.witness {
  %big = rshape.cstr_broadcastable %s, %c, %d : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %sub = rshape.cstr_broadcastable %s, %c : tensor<?xindex>, tensor<?xindex>
  %other = rshape.cstr_broadcastable %x, %c : tensor<?xindex>, tensor<?xindex>
  %w = rshape.assuming_all %big, %sub, %other
  return %w : !rshape.witness
}

// -----

func.func @still_used(%s: tensor<?xindex>, %c: tensor<?xindex>) -> (!rshape.witness, !rshape.witness) {
  %a = rshape.cstr_broadcastable %s, %c : tensor<?xindex>, tensor<?xindex>
  %b = rshape.cstr_broadcastable %c, %s : tensor<?xindex>, tensor<?xindex>
  %w = rshape.assuming_all %a, %b
  return %w, %b : !rshape.witness, !rshape.witness
}
