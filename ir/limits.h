// How deep fxpp's structures may nest. Every reader refuses deeper input
// with a located error (instead of recursing until the stack overflows), the
// verifier checks modules built in memory, and every writer checks before
// writing, so that whatever fxpp accepts it writes in every format and reads
// back.
//
// The binding constraint is protobuf: its JSON printer stops at 64 nested
// messages (and its binary parser at 100, its JSON parser at 100 nested
// objects and arrays). In fxpp.proto a module at depth d puts its graph's
// arguments at message depth 2d + 4 (Module, Child, ..., Graph, Node,
// Argument) and each bracket adds two (ArgumentList, Argument), as each
// value-metadata level does (ValueMetaList, ValueMeta); an exported program
// wraps the root module once more. With the limits below the deepest module
// fxpp accepts is 2*12 + 4 + 2*(16-1) + 2 = 60 messages deep (value
// metadata, one level below NodeMeta, the deepest) and at most 3 JSON levels per
// message pair: under every limit.
#ifndef FXPP_IR_LIMITS_H_
#define FXPP_IR_LIMITS_H_

namespace fxpp {

// Brackets in one argument ((1, [2, {k: v}]) is 3 deep) or one value
// metadata entry. Real graphs use a handful.
inline constexpr int kMaxArgumentNesting = 16;

// Submodule levels below the root (a.b.c is 3).
inline constexpr int kMaxModuleDepth = 12;

}  // namespace fxpp

#endif  // FXPP_IR_LIMITS_H_
