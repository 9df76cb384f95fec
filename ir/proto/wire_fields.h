// The cursor the direct binary readers walk a message's fields with
// (ir/proto/wire_reader.h, export/program_proto.h's ReadCanonicalProgram):
// it takes only what protobuf's serializer writes (fields in number order,
// a singular field at most once, varints and lengths in their shortest
// form) and says false for anything else, where its callers give the bytes
// to protobuf's parser instead.
#ifndef FXPP_IR_PROTO_WIRE_FIELDS_H_
#define FXPP_IR_PROTO_WIRE_FIELDS_H_

#include <climits>
#include <cstdint>
#include <cstring>

#include "absl/strings/string_view.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/stubs/common.h"

namespace fxpp {
namespace wire_internal {

using google::protobuf::io::CodedInputStream;

enum WireType : uint32_t { kVarint = 0, kFixed64 = 1, kDelimited = 2 };

// The fields of one message, in order. Every reader returns false on bytes
// the reader does not take (see above); the caller then gives up.
class Fields {
 public:
  explicit Fields(absl::string_view bytes)
      : data_(bytes.data()),
        pos_(reinterpret_cast<const uint8_t*>(bytes.data())),
        end_(pos_ + bytes.size()) {}

  // Moves to the next field: false at the end of the message, and when the
  // next bytes are not a field in order (ok() tells the two apart).
  bool Next() {
    field_start_ = position();
    if (pos_ == end_) return false;
    uint64_t tag;
    if (!Varint64(&tag) || tag > UINT32_MAX) return Fail();
    const int field = static_cast<int>(tag >> 3);
    if (field == 0 || field < field_) return Fail();
    repeated_ = field == field_;
    field_ = field;
    wire_ = static_cast<uint32_t>(tag & 7);
    return true;
  }
  bool ok() const { return ok_; }
  // No field is left.
  bool Done() { return !Next() && ok_; }
  int field() const { return field_; }
  // Where the current field's tag starts, and where the bytes read so far end.
  int field_start() const { return field_start_; }
  int position() const { return static_cast<int>(reinterpret_cast<const char*>(pos_) - data_); }
  const char* data() const { return data_; }

  // The current field's value; singular fields must not repeat.
  bool Varint(uint64_t* v) { return Singular(kVarint) && Varint64(v); }
  bool Uint32(uint32_t* v) {
    uint64_t x;
    if (!Varint(&x) || x > UINT32_MAX) return false;
    *v = static_cast<uint32_t>(x);
    return true;
  }
  bool Int64(int64_t* v) {
    uint64_t x;
    if (!Varint(&x)) return false;
    *v = static_cast<int64_t>(x);
    return true;
  }
  bool Bool(bool* v) {
    uint64_t x;
    if (!Varint(&x) || x > 1) return false;
    *v = x == 1;
    return true;
  }
  bool Fixed64(uint64_t* v) {
    if (!Singular(kFixed64) || end_ - pos_ < 8) return false;
    pos_ = CodedInputStream::ReadLittleEndian64FromArray(pos_, v);
    return true;
  }
  bool Double(double* v) {
    uint64_t bits;
    if (!Fixed64(&bits)) return false;
    std::memcpy(v, &bits, sizeof bits);
    return true;
  }
  bool Bytes(absl::string_view* v) { return Singular(kDelimited) && Delimited(v); }
  // Protobuf rejects a string field that is not UTF-8.
  bool Text(absl::string_view* v) { return Bytes(v) && Utf8(*v); }
  // An empty message (fxpp.proto's Empty, with no unknown fields).
  bool Empty() {
    absl::string_view v;
    return Bytes(&v) && v.empty();
  }
  // One element of a repeated message or string field.
  bool Element(absl::string_view* v) { return wire_ == kDelimited && Delimited(v); }
  bool TextElement(absl::string_view* v) { return Element(v) && Utf8(*v); }
  // A packed repeated varint field, each value given to `add`.
  template <typename Add>
  bool Packed(Add add) {
    absl::string_view bytes;
    if (!Bytes(&bytes)) return false;
    Fields values(bytes);
    while (values.pos_ != values.end_) {
      uint64_t v;
      if (!values.Varint64(&v) || !add(v)) return false;
    }
    return true;
  }

 private:
  bool Fail() {
    ok_ = false;
    return false;
  }
  bool Singular(uint32_t wire) const { return wire_ == wire && !repeated_; }
  // Only the shortest encoding (protobuf's), on which every parser agrees:
  // no trailing zero group, and a tenth byte only for bit 63. Decoded here
  // rather than by CodedInputStream: a stream per message (node, metadata,
  // tensor, argument) cost more than the varints themselves.
  bool Varint64(uint64_t* v) {
    const uint8_t* p = pos_;
    if (p != end_ && *p < 0x80) {
      *v = *p;
      pos_ = p + 1;
      return true;
    }
    uint64_t result = 0;
    for (int i = 0; i < 10 && p != end_; ++i) {
      const uint64_t byte = *p++;
      result |= (byte & 0x7F) << (7 * i);
      if (byte < 0x80) {
        if (byte == 0 || (i == 9 && byte != 1)) return false;
        *v = result;
        pos_ = p;
        return true;
      }
    }
    return false;
  }
  bool Delimited(absl::string_view* v) {
    uint64_t size;
    if (!Varint64(&size) || size > static_cast<uint64_t>(end_ - pos_)) return false;
    *v = absl::string_view(reinterpret_cast<const char*>(pos_), static_cast<size_t>(size));
    pos_ += size;
    return true;
  }
  // ASCII (nearly every name and target) is checked here, eight bytes at a
  // time; protobuf's validator, a library call, sees the rest.
  static bool Utf8(absl::string_view v) {
    size_t i = 0;
    for (uint64_t word; i + 8 <= v.size(); i += 8) {
      std::memcpy(&word, v.data() + i, 8);
      if ((word & 0x8080808080808080u) != 0) return ValidUtf8(v);
    }
    for (; i < v.size(); ++i) {
      if ((static_cast<unsigned char>(v[i]) & 0x80) != 0) return ValidUtf8(v);
    }
    return true;
  }
  static bool ValidUtf8(absl::string_view v) {
    return google::protobuf::internal::IsStructurallyValidUTF8(v.data(), static_cast<int>(v.size()));
  }

  const char* data_;
  const uint8_t* pos_;
  const uint8_t* end_;
  int field_ = 0;
  int field_start_ = 0;
  uint32_t wire_ = 0;
  bool repeated_ = false;
  bool ok_ = true;
};

// A proto enum value as the IR enum; 0 (missing) and unknown values fail.
template <typename IrEnum>
bool Enum(Fields& f, bool (*is_valid)(int), IrEnum* out) {
  uint64_t v;
  if (!f.Varint(&v) || v == 0 || v > INT_MAX || !is_valid(static_cast<int>(v))) return false;
  *out = static_cast<IrEnum>(v - 1);
  return true;
}

// A message whose fields 1..N are all strings, absent ones empty
// (ModuleStackEntry, SourceFnEntry, ExtraEntry).
template <size_t N>
bool TextFields(absl::string_view bytes, absl::string_view (&out)[N]) {
  Fields f(bytes);
  while (f.Next()) {
    if (f.field() > static_cast<int>(N) || !f.Text(&out[f.field() - 1])) return false;
  }
  return f.ok();
}

}  // namespace wire_internal
}  // namespace fxpp

#endif  // FXPP_IR_PROTO_WIRE_FIELDS_H_
