//===- ArithInterfaces.cpp - upstream arith's op interfaces, asked generically ===//
//
// rarith's ODS declares upstream's ArithFastMathInterface,
// ArithIntegerOverflowFlagsInterface and ArithRoundingModeInterface (their
// default implementations read arith's own attribute classes, which rarith
// holds). These entry points ask and set them for any op, exactly as upstream
// code written against the interfaces does. No op is named here.
//
//===----------------------------------------------------------------------===//

#include "rmlir/Bridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

extern "C" RmlirArithInterfaces rmlirArithInterfacesGet(MlirOperation op) {
  Operation *o = unwrap(op);
  RmlirArithInterfaces r{};
  if (auto fm = dyn_cast<arith::ArithFastMathInterface>(o)) {
    r.hasFastMath = true;
    r.fastMathAttrName = wrap(fm.getFastMathAttrName());
    if (arith::FastMathFlagsAttr attr = fm.getFastMathFlagsAttr()) {
      r.fastMathSet = true;
      r.fastMath = static_cast<uint32_t>(attr.getValue());
    }
  }
  if (auto ovf = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(o)) {
    r.hasOverflow = true;
    r.overflowAttrName = wrap(ovf.getIntegerOverflowAttrName());
    if (arith::IntegerOverflowFlagsAttr attr = ovf.getOverflowAttr()) {
      r.overflowSet = true;
      r.overflow = static_cast<uint32_t>(attr.getValue());
      r.noSignedWrap = ovf.hasNoSignedWrap();
      r.noUnsignedWrap = ovf.hasNoUnsignedWrap();
    }
  }
  if (auto rm = dyn_cast<arith::ArithRoundingModeInterface>(o)) {
    r.hasRoundingMode = true;
    r.roundingModeAttrName = wrap(rm.getRoundingModeAttrName());
    if (arith::RoundingModeAttr attr = rm.getRoundingModeAttr()) {
      r.roundingModeSet = true;
      r.roundingMode = static_cast<uint32_t>(attr.getValue());
    }
  }
  return r;
}

/// Sets `op`'s flags through `Interface`, under the attribute name the
/// interface gives, as upstream code written against it does.
template <typename Interface, typename FlagsAttr>
static bool setThrough(MlirOperation op, uint32_t bits,
                       llvm::StringRef (*name)(Interface)) {
  Operation *o = unwrap(op);
  auto iface = dyn_cast<Interface>(o);
  if (!iface)
    return false;
  using Flags = decltype(std::declval<FlagsAttr>().getValue());
  o->setAttr(name(iface),
             FlagsAttr::get(o->getContext(), static_cast<Flags>(bits)));
  return true;
}

extern "C" bool rmlirArithInterfacesSetFastMath(MlirOperation op,
                                                uint32_t flags) {
  return setThrough<arith::ArithFastMathInterface, arith::FastMathFlagsAttr>(
      op, flags,
      [](arith::ArithFastMathInterface i) { return i.getFastMathAttrName(); });
}

extern "C" bool rmlirArithInterfacesSetOverflow(MlirOperation op,
                                                uint32_t flags) {
  return setThrough<arith::ArithIntegerOverflowFlagsInterface,
                    arith::IntegerOverflowFlagsAttr>(
      op, flags, [](arith::ArithIntegerOverflowFlagsInterface i) {
        return i.getIntegerOverflowAttrName();
      });
}
