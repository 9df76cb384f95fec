// Interned strings. A Symbol is a 32-bit id into a process-wide pool, so node
// names, targets and meta keys compare and hash as integers, and each distinct
// string is stored once however many nodes use it.
#ifndef FXPP_IR_SYMBOL_H_
#define FXPP_IR_SYMBOL_H_

#include <cstdint>
#include <utility>

#include "absl/strings/string_view.h"
#include "absl/types/optional.h"

namespace fxpp {

class Symbol {
 public:
  // The empty string.
  Symbol() = default;

  // Returns the symbol of `text`, adding it to the pool on first use.
  // Thread-safe.
  static Symbol Intern(absl::string_view text);
  // The symbol of `text` if it was ever interned; never adds to the pool.
  static absl::optional<Symbol> Find(absl::string_view text);
  // Rebuilds a symbol from id(); for compact storage of symbols.
  static Symbol FromId(uint32_t id) { return Symbol(id); }

  // The interned text; valid for the lifetime of the process.
  absl::string_view str() const;
  uint32_t id() const { return id_; }
  bool empty() const { return id_ == 0; }

  friend bool operator==(Symbol a, Symbol b) { return a.id_ == b.id_; }
  friend bool operator!=(Symbol a, Symbol b) { return a.id_ != b.id_; }

  template <typename H>
  friend H AbslHashValue(H h, Symbol s) {
    return H::combine(std::move(h), s.id_);
  }

 private:
  explicit Symbol(uint32_t id) : id_(id) {}
  uint32_t id_ = 0;
};

}  // namespace fxpp

#endif  // FXPP_IR_SYMBOL_H_
