// Test helper: sets an environment variable for a scope.
#ifndef FXPP_TESTING_SCOPED_ENV_H_
#define FXPP_TESTING_SCOPED_ENV_H_

#include <stdlib.h>

#include <string>

#include "absl/types/optional.h"

namespace fxpp {

// Sets `name` to `value` (unsets it for nullopt) until destroyed, then
// restores what it was.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, absl::optional<std::string> value) : name_(name) {
    if (const char* old = getenv(name)) old_ = old;
    Set(value);
  }
  ~ScopedEnv() { Set(old_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  void Set(const absl::optional<std::string>& value) {
    if (value.has_value()) {
      setenv(name_, value->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

  const char* name_;
  absl::optional<std::string> old_;
};

}  // namespace fxpp

#endif  // FXPP_TESTING_SCOPED_ENV_H_
