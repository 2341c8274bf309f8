//===- Syntax.h - generic custom-syntax helpers for region ops -----------===//
//
// rshape's parsers and printers, instantiated by ODS per op class (see
// RShape_SyntaxOp in cpp/td/RShape.td). They are syntax only: the layout of
// upstream's custom assembly (`assuming`, `reduce`, `function_library`,
// `func`), with no behaviour of any op.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_SYNTAX_H
#define RMLIR_SYNTAX_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionImplementation.h"

namespace rmlir::syntax {

/// `%witness [-> (types)] { region } [attr-dict]`; the terminator is implicit
/// when the op has no results.
template <typename OpT, typename WitnessT>
mlir::ParseResult parseAssuming(mlir::OpAsmParser &parser,
                                mlir::OperationState &result) {
  mlir::Region *body = result.addRegion();
  mlir::OpAsmParser::UnresolvedOperand witness;
  mlir::Builder &builder = parser.getBuilder();
  if (parser.parseOperand(witness) ||
      parser.resolveOperand(witness, builder.getType<WitnessT>(),
                            result.operands) ||
      parser.parseOptionalArrowTypeList(result.types) ||
      parser.parseRegion(*body, /*arguments=*/{}, /*enableNameShadowing=*/false))
    return mlir::failure();
  OpT::ensureTerminator(*body, builder, result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

template <typename OpT>
void printAssuming(mlir::OpAsmPrinter &p, OpT op) {
  bool yieldsResults = op->getNumResults() != 0;
  p << ' ' << op->getOperand(0);
  if (yieldsResults)
    p << " -> (" << op->getResultTypes() << ")";
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/yieldsResults);
  p.printOptionalAttrDict(op->getAttrs());
}

/// `(%shape, %init...) : shape-type [-> (types)] { region } [attr-dict]`;
/// the initial values take the result types.
template <typename OpT>
mlir::ParseResult parseReduce(mlir::OpAsmParser &parser,
                              mlir::OperationState &result) {
  llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand, 3> operands;
  mlir::Type shapeType;
  if (parser.parseOperandList(operands, /*requiredOperandCount=*/-1,
                              mlir::OpAsmParser::Delimiter::Paren) ||
      parser.parseColonType(shapeType) ||
      parser.parseOptionalArrowTypeList(result.types))
    return mlir::failure();
  if (operands.empty())
    return parser.emitError(parser.getNameLoc(), "expected a shape operand");
  auto initVals = llvm::ArrayRef(operands).drop_front();
  if (parser.resolveOperand(operands.front(), shapeType, result.operands) ||
      parser.resolveOperands(initVals, result.types, parser.getNameLoc(),
                             result.operands))
    return mlir::failure();
  mlir::Region *body = result.addRegion();
  if (parser.parseRegion(*body, /*arguments=*/{}, /*enableNameShadowing=*/false))
    return mlir::failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

template <typename OpT>
void printReduce(mlir::OpAsmPrinter &p, OpT op) {
  p << '(' << op->getOperand(0) << ", " << op->getOperands().drop_front()
    << ") : " << op->getOperand(0).getType();
  p.printOptionalArrowTypeList(op->getResultTypes());
  p << ' ';
  p.printRegion(op->getRegion(0));
  p.printOptionalAttrDict(op->getAttrs());
}

/// `@name [attributes {...}] { region } mapping {...}`.
template <typename OpT>
mlir::ParseResult parseFunctionLibrary(mlir::OpAsmParser &parser,
                                       mlir::OperationState &result) {
  mlir::StringAttr name;
  if (parser.parseSymbolName(name, mlir::SymbolTable::getSymbolAttrName(),
                             result.attributes) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return mlir::failure();
  mlir::Region *body = result.addRegion();
  mlir::DictionaryAttr mapping;
  if (parser.parseRegion(*body) || parser.parseKeyword("mapping") ||
      parser.parseAttribute(mapping, parser.getBuilder().getType<mlir::NoneType>(),
                            "mapping", result.attributes))
    return mlir::failure();
  return mlir::success();
}

template <typename OpT>
void printFunctionLibrary(mlir::OpAsmPrinter &p, OpT op) {
  p << ' ';
  p.printSymbolName(op.getSymName());
  p.printOptionalAttrDictWithKeyword(
      op->getAttrs(), {mlir::SymbolTable::getSymbolAttrName(), "mapping"});
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
  p << " mapping ";
  p.printAttributeWithoutType(op.getMappingAttr());
}

/// The syntax of `func.func`, through MLIR's function-op helpers.
template <typename OpT>
mlir::ParseResult parseFunction(mlir::OpAsmParser &parser,
                                mlir::OperationState &result) {
  auto buildFuncType = [](mlir::Builder &builder,
                          llvm::ArrayRef<mlir::Type> argTypes,
                          llvm::ArrayRef<mlir::Type> results,
                          mlir::function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return mlir::function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      OpT::getFunctionTypeAttrName(result.name), buildFuncType,
      OpT::getArgAttrsAttrName(result.name),
      OpT::getResAttrsAttrName(result.name));
}

template <typename OpT>
void printFunction(mlir::OpAsmPrinter &p, OpT op) {
  mlir::function_interface_impl::printFunctionOp(
      p, op, /*isVariadic=*/false, op.getFunctionTypeAttrName(),
      op.getArgAttrsAttrName(), op.getResAttrsAttrName());
}

/// An attribute written without a type: integers (alone or in arrays) are
/// i64.
inline mlir::ParseResult parseUntypedAttr(mlir::OpAsmParser &parser,
                                          mlir::Attribute &attr) {
  return parser.parseAttribute(attr, parser.getBuilder().getI64Type());
}

inline void printUntypedAttr(mlir::OpAsmPrinter &p, mlir::Operation *,
                             mlir::Attribute attr) {
  p.printAttributeWithoutType(attr);
}

/// RegionBranchOpInterface of an op that runs its only region once and then
/// returns to its results.
inline void
runOnceRegionSuccessors(mlir::Operation *op, mlir::RegionBranchPoint point,
                        llvm::SmallVectorImpl<mlir::RegionSuccessor> &regions) {
  if (point.isParent())
    regions.push_back(mlir::RegionSuccessor(&op->getRegion(0)));
  else
    regions.push_back(mlir::RegionSuccessor(op, op->getResults()));
}

} // namespace rmlir::syntax

#endif // RMLIR_SYNTAX_H
