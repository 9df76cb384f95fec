// Pass options declared once (MLIR's PassOptions, typed): a pass keeps its
// options in a plain struct whose default member initializers are the
// defaults, and describes each field once -- name, help, optional
// validation -- bound by member pointer:
//
//   const PassDescriptor& DedupPass::Descriptor() {
//     static const auto* const descriptor = new TypedPassDescriptor<DedupOptions>(
//         "dedup", "Graph deduplication: ...",
//         {PassOption<DedupOptions>("min_regions", &DedupOptions::tracking,
//                                   &RegionTrackingOptions::min_regions, "...", AtLeast(2))},
//         [](DedupOptions options) { return std::make_unique<DedupPass>(options); });
//     return *descriptor;
//   }
//
// The registry, `fxopt --list-passes`, the pipeline syntax
// (`dedup{min_regions=3}`) and tool flags (tools/pass_flags.h) all read the
// descriptor, so adding an option is one edit. Values are parsed into the
// struct when the pass is built; nothing looks an option up by name later.
#ifndef FXPP_PASSES_PASS_OPTIONS_H_
#define FXPP_PASSES_PASS_OPTIONS_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "passes/pass.h"

namespace fxpp {

// kKeyValueList items hold '=' themselves, so in a pipeline string a `name=`
// piece after one is read as its next item, not as another option.
enum class PassOptionType : uint8_t { kBool, kInt, kString, kStringList, kKeyValueList };
absl::string_view PassOptionTypeName(PassOptionType type);

// What the registry and tools show of one option.
struct PassOptionInfo {
  std::string name;
  PassOptionType type;
  std::string default_value;  // as it would be written in a pipeline
  std::string help;
};

// (option, value) texts as a pipeline or command line gives them.
using PassOptionValues = std::vector<std::pair<std::string, std::string>>;

// A pass's name, summary, options and factory.
class PassDescriptor {
 public:
  PassDescriptor(std::string name, std::string summary)
      : name_(std::move(name)), summary_(std::move(summary)) {}
  virtual ~PassDescriptor() = default;

  const std::string& name() const { return name_; }
  const std::string& summary() const { return summary_; }
  virtual const std::vector<PassOptionInfo>& options() const = 0;
  // Builds the pass from option texts: an unknown or repeated option, a
  // value of the wrong type or one that fails validation is an error naming
  // the option; options not given keep their defaults.
  virtual absl::StatusOr<std::unique_ptr<Pass>> Create(const PassOptionValues& values) const = 0;

 private:
  std::string name_;
  std::string summary_;
};

// How option values of each C++ type are typed, parsed and printed.
template <typename T>
struct PassOptionTraits;
template <>
struct PassOptionTraits<bool> {
  static constexpr PassOptionType kType = PassOptionType::kBool;
  static absl::Status Parse(absl::string_view text, bool* value);
  static std::string Format(bool value) { return value ? "true" : "false"; }
};
template <>
struct PassOptionTraits<int64_t> {
  static constexpr PassOptionType kType = PassOptionType::kInt;
  static absl::Status Parse(absl::string_view text, int64_t* value);
  static std::string Format(int64_t value) { return absl::StrCat(value); }
};
template <>
struct PassOptionTraits<std::string> {
  static constexpr PassOptionType kType = PassOptionType::kString;
  static absl::Status Parse(absl::string_view text, std::string* value);
  static std::string Format(const std::string& value) { return value; }
};
// An empty text is no value.
template <>
struct PassOptionTraits<absl::optional<std::string>> {
  static constexpr PassOptionType kType = PassOptionType::kString;
  static absl::Status Parse(absl::string_view text, absl::optional<std::string>* value);
  static std::string Format(const absl::optional<std::string>& value) {
    return value.value_or("");
  }
};
// Comma-separated ("a,b,c"); an empty text is the empty list.
template <>
struct PassOptionTraits<std::vector<std::string>> {
  static constexpr PassOptionType kType = PassOptionType::kStringList;
  static absl::Status Parse(absl::string_view text, std::vector<std::string>* value);
  static std::string Format(const std::vector<std::string>& value);
};
template <>
struct PassOptionTraits<absl::flat_hash_set<std::string>> {
  static constexpr PassOptionType kType = PassOptionType::kStringList;
  static absl::Status Parse(absl::string_view text, absl::flat_hash_set<std::string>* value);
  static std::string Format(const absl::flat_hash_set<std::string>& value);  // sorted
};

// "KEY=VALUE,KEY=VALUE" (functionalize's buffer assignments); an empty text
// is the empty list.
template <>
struct PassOptionTraits<std::vector<std::pair<std::string, std::string>>> {
  static constexpr PassOptionType kType = PassOptionType::kKeyValueList;
  static absl::Status Parse(absl::string_view text,
                            std::vector<std::pair<std::string, std::string>>* value);
  static std::string Format(const std::vector<std::pair<std::string, std::string>>& value);
};

// Validators: OK or the reason a value is refused.
template <typename T>
using PassOptionValidator = std::function<absl::Status(const T&)>;
PassOptionValidator<int64_t> AtLeast(int64_t minimum);
PassOptionValidator<std::vector<std::string>> NonEmpty();

// One field of `Options`, bound by member pointer (or by a pointer to a
// member struct and a member of it).
template <typename Options>
class PassOption {
 public:
  template <typename T>
  PassOption(std::string name, T Options::*field, std::string help,
             PassOptionValidator<T> validate = nullptr)
      : PassOption(std::move(name), std::move(help), std::move(validate),
                   std::function<T&(Options&)>(
                       [field](Options& options) -> T& { return options.*field; })) {}
  template <typename Inner, typename T>
  PassOption(std::string name, Inner Options::*inner, T Inner::*field, std::string help,
             PassOptionValidator<T> validate = nullptr)
      : PassOption(std::move(name), std::move(help), std::move(validate),
                   std::function<T&(Options&)>([inner, field](Options& options) -> T& {
                     return (options.*inner).*field;
                   })) {}

  const PassOptionInfo& info() const { return info_; }
  absl::Status Set(Options& options, absl::string_view text) const { return set_(options, text); }
  absl::Status Validate(Options& options) const { return validate_(options); }

 private:
  template <typename T>
  PassOption(std::string name, std::string help, PassOptionValidator<T> validate,
             std::function<T&(Options&)> field) {
    Options defaults;
    info_ = {std::move(name), PassOptionTraits<T>::kType,
             PassOptionTraits<T>::Format(field(defaults)), std::move(help)};
    set_ = [field](Options& options, absl::string_view text) {
      return PassOptionTraits<T>::Parse(text, &field(options));
    };
    validate_ = [field, validate](Options& options) {
      return validate ? validate(field(options)) : absl::OkStatus();
    };
  }

  PassOptionInfo info_;
  std::function<absl::Status(Options&, absl::string_view)> set_;
  std::function<absl::Status(Options&)> validate_;
};

// Shared by every TypedPassDescriptor: finds the option a text names.
// Returns its index, or an error listing the options there are.
absl::StatusOr<size_t> FindPassOption(const PassDescriptor& descriptor, absl::string_view name);

template <typename Options>
class TypedPassDescriptor : public PassDescriptor {
 public:
  using Factory = std::function<std::unique_ptr<Pass>(Options)>;
  TypedPassDescriptor(std::string name, std::string summary,
                      std::vector<PassOption<Options>> options, Factory create)
      : PassDescriptor(std::move(name), std::move(summary)),
        options_(std::move(options)),
        create_(std::move(create)) {
    for (const PassOption<Options>& option : options_) infos_.push_back(option.info());
  }

  const std::vector<PassOptionInfo>& options() const override { return infos_; }

  absl::StatusOr<std::unique_ptr<Pass>> Create(const PassOptionValues& values) const override {
    absl::StatusOr<Options> options = ParseOptions(values);
    if (!options.ok()) return options.status();
    return create_(*std::move(options));
  }

  // The typed options alone, for tools that call the pass's functions
  // with more than its options hold (defaults, then `values`, validated).
  absl::StatusOr<Options> ParseOptions(const PassOptionValues& values) const {
    Options options;
    std::vector<bool> given(options_.size(), false);
    for (const auto& [option_name, text] : values) {
      absl::StatusOr<size_t> index = FindPassOption(*this, option_name);
      if (!index.ok()) return index.status();
      if (given[*index]) {
        return absl::InvalidArgumentError(absl::StrCat("option '", option_name, "' given twice"));
      }
      given[*index] = true;
      absl::Status parsed = options_[*index].Set(options, text);
      if (!parsed.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("option '", option_name, "': ", parsed.message()));
      }
    }
    for (const PassOption<Options>& option : options_) {
      absl::Status valid = option.Validate(options);
      if (!valid.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("option '", option.info().name, "': ", valid.message()));
      }
    }
    return options;
  }

 private:
  std::vector<PassOption<Options>> options_;
  std::vector<PassOptionInfo> infos_;
  Factory create_;
};

// `--list-passes` text of one pass: its name, summary and options with
// their types, help and defaults.
std::string DescribePass(const PassDescriptor& descriptor);

// The options of a pass that takes none.
struct NoPassOptions {};

}  // namespace fxpp

#endif  // FXPP_PASSES_PASS_OPTIONS_H_
