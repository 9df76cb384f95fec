#include "ir/meta.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "ir/arena.h"

namespace fxpp {

SymDim SymDim::Symbolic(absl::string_view expr) {
  SymDim d;
  d.raw_ = kSymbolicBase + Symbol::Intern(expr).id();
  return d;
}

bool operator==(const TensorMeta& a, const TensorMeta& b) {
  return a.shape == b.shape && a.stride == b.stride && a.dtype == b.dtype &&
         a.device == b.device && a.requires_grad == b.requires_grad &&
         a.memory_format == b.memory_format;
}

ValueMeta ValueMeta::Tensor(TensorMeta t) {
  ValueMeta v;
  v.kind_ = Kind::kTensor;
  new (&v.tensor_) TensorMeta(std::move(t));
  return v;
}

ValueMeta::ValueMeta(const ValueMeta& other) : int_(0) { CopyFrom(other); }

ValueMeta::ValueMeta(ValueMeta&& other) noexcept : int_(0) { MoveFrom(other); }

ValueMeta& ValueMeta::operator=(const ValueMeta& other) {
  if (this != &other) *this = ValueMeta(other);
  return *this;
}

ValueMeta& ValueMeta::operator=(ValueMeta&& other) noexcept {
  if (this != &other) {
    Reset();
    MoveFrom(other);
  }
  return *this;
}

void ValueMeta::Reset() {
  if (kind_ == Kind::kTensor) {
    tensor_.~TensorMeta();
  } else if (has_elements()) {
    delete elements_;
  }
  kind_ = Kind::kNone;
  int_ = 0;
}

void ValueMeta::CopyFrom(const ValueMeta& other) {
  switch (other.kind_) {
    case Kind::kTensor:
      new (&tensor_) TensorMeta(other.tensor_);
      break;
    case Kind::kTuple:
    case Kind::kList:
      elements_ = new std::vector<ValueMeta>(*other.elements_);
      break;
    default:
      CopyScalar(other);
      break;
  }
  kind_ = other.kind_;
}

void ValueMeta::MoveFrom(ValueMeta& other) {
  kind_ = other.kind_;
  switch (kind_) {
    case Kind::kTensor:
      new (&tensor_) TensorMeta(std::move(other.tensor_));
      break;
    case Kind::kTuple:
    case Kind::kList:
      elements_ = other.elements_;
      other.kind_ = Kind::kNone;  // the elements are ours now: Reset must not free them
      break;
    default:
      CopyScalar(other);
      break;
  }
  other.Reset();
}

void ValueMeta::CopyScalar(const ValueMeta& other) {
  switch (other.kind_) {
    case Kind::kFloat:
      float_ = other.float_;
      break;
    case Kind::kSymInt:
    case Kind::kSymFloat:
    case Kind::kSymBool:
    case Kind::kOpaque:
      text_ = other.text_;
      break;
    default:  // kNone, kInt, kBool
      int_ = other.int_;
      break;
  }
}

const TensorMeta& ValueMeta::tensor() const {
  static const TensorMeta* const kEmpty = new TensorMeta();
  return kind_ == Kind::kTensor ? tensor_ : *kEmpty;
}

TensorMeta& ValueMeta::mutable_tensor() {
  if (kind_ != Kind::kTensor) std::abort();  // programmer error
  return tensor_;
}

TensorMeta& ValueMeta::EmplaceTensor() {
  Reset();
  new (&tensor_) TensorMeta();
  kind_ = Kind::kTensor;
  return tensor_;
}

const std::vector<ValueMeta>& ValueMeta::elements() const {
  static const std::vector<ValueMeta>* const kEmpty = new std::vector<ValueMeta>();
  return has_elements() ? *elements_ : *kEmpty;
}

ValueMeta ValueMeta::Tuple(std::vector<ValueMeta> elements) {
  ValueMeta v;
  v.kind_ = Kind::kTuple;
  v.elements_ = new std::vector<ValueMeta>(std::move(elements));
  return v;
}

ValueMeta ValueMeta::List(std::vector<ValueMeta> elements) {
  ValueMeta v = Tuple(std::move(elements));
  v.kind_ = Kind::kList;
  return v;
}

ValueMeta ValueMeta::Int(int64_t i) {
  ValueMeta v;
  v.kind_ = Kind::kInt;
  v.int_ = i;
  return v;
}

ValueMeta ValueMeta::Float(double f) {
  ValueMeta v;
  v.kind_ = Kind::kFloat;
  v.float_ = f;
  return v;
}

ValueMeta ValueMeta::Bool(bool b) {
  ValueMeta v;
  v.kind_ = Kind::kBool;
  v.int_ = b ? 1 : 0;
  return v;
}

ValueMeta ValueMeta::Symbolic(Kind kind, absl::string_view expr) {
  ValueMeta v;
  v.kind_ = kind;
  if (!v.has_text()) std::abort();  // programmer error: not a kind with text
  v.text_ = Symbol::Intern(expr);
  return v;
}

ValueMeta ValueMeta::Opaque(absl::string_view repr) { return Symbolic(Kind::kOpaque, repr); }

bool operator==(const ValueMeta& a, const ValueMeta& b) {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case ValueMeta::Kind::kNone:
      return true;
    case ValueMeta::Kind::kTensor:
      return a.tensor_ == b.tensor_;
    case ValueMeta::Kind::kTuple:
    case ValueMeta::Kind::kList:
      return a.elements() == b.elements();
    case ValueMeta::Kind::kInt:
    case ValueMeta::Kind::kBool:
      return a.int_ == b.int_;
    case ValueMeta::Kind::kFloat:
      return std::memcmp(&a.float_, &b.float_, sizeof(double)) == 0;
    case ValueMeta::Kind::kSymInt:
    case ValueMeta::Kind::kSymFloat:
    case ValueMeta::Kind::kSymBool:
    case ValueMeta::Kind::kOpaque:
      return a.text_ == b.text_;
  }
  return false;
}

absl::string_view ValueMetaKindName(ValueMeta::Kind kind) {
  switch (kind) {
    case ValueMeta::Kind::kNone: return "none";
    case ValueMeta::Kind::kTensor: return "tensor";
    case ValueMeta::Kind::kTuple: return "tuple";
    case ValueMeta::Kind::kList: return "list";
    case ValueMeta::Kind::kInt: return "int";
    case ValueMeta::Kind::kFloat: return "float";
    case ValueMeta::Kind::kBool: return "bool";
    case ValueMeta::Kind::kSymInt: return "symint";
    case ValueMeta::Kind::kSymFloat: return "symfloat";
    case ValueMeta::Kind::kSymBool: return "symbool";
    case ValueMeta::Kind::kOpaque: return "opaque";
  }
  return "unknown";
}

namespace {

// The process-wide set of module stacks. Stacks are never freed, like
// Symbols: there are as many as distinct module call paths.
class ModuleStackPool {
 public:
  // `entries` is not empty. `recent` holds the indices of the stacks the
  // calling thread interned last, the latest first; this one's is added.
  const ModuleStackEntry* Intern(absl::Span<const ModuleStackEntry> entries, uint32_t recent[2]) {
    std::lock_guard<std::mutex> lock(mu_);
    const auto got = [&](uint32_t index) {
      if (index != recent[0]) {
        recent[1] = recent[0];
        recent[0] = index;
      }
      return order_[index].data();
    };
    // Stacks tend to come in the order they were first interned (a file
    // read again, module after module), in one or two interleaved runs
    // (stacks and their prefixes): the ones after the last two are
    // compared before the table is probed, whose lookups miss the cache
    // once it holds tens of thousands.
    for (int i = 0; i < 2; ++i) {
      const uint32_t next = recent[i] + 1;
      if (next < order_.size() && order_[next] == entries) return got(next);
    }
    auto it = stacks_.find(entries);
    if (it != stacks_.end()) return got(reinterpret_cast<const uint32_t*>(it->data())[-1]);
    // The stack's index in order_ precedes its entries.
    static_assert(alignof(ModuleStackEntry) <= alignof(uint32_t), "entries follow a uint32_t");
    auto* index = static_cast<uint32_t*>(entries_.Allocate(
        sizeof(uint32_t) + sizeof(ModuleStackEntry) * entries.size(), alignof(uint32_t)));
    *index = static_cast<uint32_t>(order_.size());
    auto* stored = reinterpret_cast<ModuleStackEntry*>(index + 1);
    std::uninitialized_copy(entries.begin(), entries.end(), stored);
    order_.push_back(absl::MakeConstSpan(stored, entries.size()));
    stacks_.insert(order_.back());
    return got(*index);
  }

 private:
  std::mutex mu_;
  // Spans hash and compare by content.
  absl::flat_hash_set<absl::Span<const ModuleStackEntry>> stacks_;  // guarded by mu_
  std::vector<absl::Span<const ModuleStackEntry>> order_;          // guarded by mu_
  Arena entries_;                                                  // guarded by mu_
};

ModuleStackPool& StackPool() {
  static ModuleStackPool* pool = new ModuleStackPool();  // never destroyed, like the stacks
  return *pool;
}

// Recent appends of this thread: (stack, entry) -> the interned result,
// direct-mapped. Readers append the same few entries to the same few
// stacks node after node; this answers them without the pool's lock.
struct RecentAppend {
  const ModuleStackEntry* base = nullptr;
  ModuleStackEntry entry;
  const ModuleStackEntry* result = nullptr;  // nullptr marks a free slot
};
constexpr size_t kRecentAppendBits = 6;
thread_local RecentAppend recent_appends[size_t{1} << kRecentAppendBits];

// This thread's recent stacks by content hash, direct-mapped: nodes are built
// module by module, so a few stacks recur (a layer's, its submodules') and
// are found here without the pool's lock.
constexpr size_t kRecentStackBits = 8;
thread_local absl::Span<const ModuleStackEntry> recent_stacks[size_t{1} << kRecentStackBits];

// The stack this thread built last: consecutive nodes of a module carry
// the same stack, so most constructions are answered by one comparison,
// without hashing.
thread_local absl::Span<const ModuleStackEntry> last_stack;

// The indices in the pool of the stacks this thread interned last.
thread_local uint32_t last_interned[2] = {0, 0};

}  // namespace

ModuleStack::ModuleStack(absl::Span<const ModuleStackEntry> entries) {
  if (entries.empty()) return;
  if (last_stack != entries) {
    const size_t slot = absl::Hash<absl::Span<const ModuleStackEntry>>()(entries) >>
                        (8 * sizeof(size_t) - kRecentStackBits);
    absl::Span<const ModuleStackEntry>& recent = recent_stacks[slot];
    if (recent != entries) {
      recent = absl::MakeConstSpan(StackPool().Intern(entries, last_interned), entries.size());
    }
    last_stack = recent;
  }
  data_ = last_stack.data();
  size_ = last_stack.size();
}

void ModuleStack::push_back(const ModuleStackEntry& entry) {
  const size_t slot = absl::Hash<std::pair<const void*, ModuleStackEntry>>()(
                          std::make_pair(static_cast<const void*>(data_), entry)) >>
                      (8 * sizeof(size_t) - kRecentAppendBits);
  RecentAppend& recent = recent_appends[slot];
  if (recent.result != nullptr && recent.base == data_ && recent.entry == entry) {
    data_ = recent.result;
    ++size_;
    return;
  }
  absl::InlinedVector<ModuleStackEntry, 8> appended(begin(), end());
  appended.push_back(entry);
  const ModuleStackEntry* result = StackPool().Intern(appended, last_interned);
  recent = RecentAppend{data_, entry, result};
  data_ = result;
  ++size_;
}

bool NodeMeta::empty() const {
  return !val.has_value() && stack_trace.empty() && nn_module_stack.empty() &&
         source_fn_stack.empty() && !tag.has_value() && !seq_nr.has_value() && extra.empty() &&
         source_index < 0;
}

const std::string* NodeMeta::FindExtra(absl::string_view key) const {
  for (const auto& [k, v] : extra) {
    if (k == key) return &v;
  }
  return nullptr;
}

void NodeMeta::SetExtra(absl::string_view key, std::string json) {
  for (auto& [k, v] : extra) {
    if (k == key) {
      v = std::move(json);
      return;
    }
  }
  extra.emplace_back(std::string(key), std::move(json));
}

bool operator==(const NodeMeta& a, const NodeMeta& b) {
  return a.val == b.val && a.stack_trace == b.stack_trace &&
         a.nn_module_stack == b.nn_module_stack && a.source_fn_stack == b.source_fn_stack &&
         a.tag == b.tag && a.seq_nr == b.seq_nr && a.extra == b.extra &&
         a.source_index == b.source_index;
}

namespace {

void AppendDims(const DimVector& dims, std::string* out) {
  out->push_back('[');
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0) out->append(", ");
    if (dims[i].is_symbolic()) {
      absl::StrAppend(out, dims[i].expr());
    } else {
      absl::StrAppend(out, dims[i].value());
    }
  }
  out->push_back(']');
}

}  // namespace

std::string TensorTypeText(const TensorMeta& t, bool include_stride, bool include_device) {
  std::string out(ScalarTypeAbbr(t.dtype));
  AppendDims(t.shape, &out);
  if (include_stride) AppendDims(t.stride, &out);
  if (include_device) absl::StrAppend(&out, t.device.str());
  return out;
}

}  // namespace fxpp
