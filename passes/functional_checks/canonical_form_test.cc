#include "passes/functional_checks/canonical_form.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"

namespace fxpp {
namespace {

std::string Canonical(absl::string_view text) {
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "test.fx");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return parsed.ok() ? CanonicalForm(*parsed->graph) : "";
}

TEST(CanonicalFormTest, NamesAndOrderDoNotMatter) {
  const std::string a = Canonical(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %sin : [num_users=1] = call_function[target=torch.ops.aten.sin.default](args = (%x,), kwargs = {})
    %cos : [num_users=1] = call_function[target=torch.ops.aten.cos.default](args = (%y,), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%sin, %cos), kwargs = {alpha: 2})
    return (add, x)
)");
  const std::string b = Canonical(R"(graph():
    %a_1 : [num_users=2] = placeholder[target=a_1]
    %b_1 : [num_users=1] = placeholder[target=b_1]
    %cos_7 : [num_users=1] = call_function[target=torch.ops.aten.cos.default](args = (%b_1,), kwargs = {})
    %sin_3 : [num_users=1] = call_function[target=torch.ops.aten.sin.default](args = (%a_1,), kwargs = {})
    %result : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%sin_3, %cos_7), kwargs = {alpha: 2})
    return (result, a_1)
)");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a,
            "v0 = call_function torch.ops.aten.cos.default(in1)\n"
            "v1 = call_function torch.ops.aten.sin.default(in0)\n"
            "v2 = call_function torch.ops.aten.add.Tensor(v1, v0, alpha=2)\n"
            "return (v2, in0)\n");
}

// Two relu(x) tensors, one written with add_(·, `first`), the other with
// add_(·, `second`); `swapped` computes the second one first.
std::string TwoWrittenLookAlikes(int first, int second, bool swapped) {
  const std::string one = absl::StrCat(
      "    %r1 : [num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})\n"
      "    %w1 : [num_users=0] = call_function[target=torch.ops.aten.add_.Tensor](args = (%r1, ", first, "), kwargs = {})\n");
  const std::string two = absl::StrCat(
      "    %r2 : [num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})\n"
      "    %w2 : [num_users=0] = call_function[target=torch.ops.aten.add_.Tensor](args = (%r2, ", second, "), kwargs = {})\n");
  return Canonical(absl::StrCat("graph():\n    %x : [num_users=2] = placeholder[target=x]\n",
                                swapped ? two + one : one + two, "    return (r1, r2)\n"));
}

TEST(CanonicalFormTest, LookAlikeValuesWrittenInPlaceAreTwoTensors) {
  // The order of writes to two tensors does not matter...
  EXPECT_EQ(TwoWrittenLookAlikes(2, 12, false), TwoWrittenLookAlikes(2, 12, true));
  // ...which tensor gets which write does: merged as one pure value, the
  // two relu(x) once hid it.
  EXPECT_NE(TwoWrittenLookAlikes(2, 12, false), TwoWrittenLookAlikes(12, 2, false));
}

TEST(CanonicalFormTest, DeadCodeAndDuplicatePureNodesDoNotMatter) {
  const std::string a = Canonical(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %t : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%x,), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%t, %t), kwargs = {})
    return mul
)");
  const std::string b = Canonical(R"(graph():
    %x : [num_users=3] = placeholder[target=x]
    %t : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%x,), kwargs = {})
    %t_1 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%x,), kwargs = {})
    %dead : [num_users=0] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%t, %t_1), kwargs = {})
    return mul
)");
  EXPECT_EQ(a, b);
}

// Duplicates of a pure node are one node however the graph orders them: a
// duplicate listed late must not delay the numbering of its users.
TEST(CanonicalFormTest, WhereDuplicatesAreListedDoesNotMatter) {
  constexpr absl::string_view kUsersOfTheFirstCopy = R"(graph():
    %x : [num_users=3] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %sin : [num_users=1] = call_method[target=sin](args = (%x,), kwargs = {})
    %cos : [num_users=1] = call_method[target=cos](args = (%y,), kwargs = {})
    %f : [num_users=1] = call_function[target=f](args = (%sin, %cos), kwargs = {})
    %sin_1 : [num_users=1] = call_method[target=sin](args = (%x,), kwargs = {})
    %cos_1 : [num_users=1] = call_method[target=cos](args = (%x,), kwargs = {})
    %f_1 : [num_users=1] = call_function[target=f](args = (%sin_1, %cos_1), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%f, %f_1), kwargs = {})
    return add
)";
  constexpr absl::string_view kUsersOfTheSecondCopy = R"(graph():
    %x : [num_users=3] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %sin : [num_users=1] = call_method[target=sin](args = (%x,), kwargs = {})
    %cos_1 : [num_users=1] = call_method[target=cos](args = (%x,), kwargs = {})
    %f_1 : [num_users=1] = call_function[target=f](args = (%sin, %cos_1), kwargs = {})
    %sin_1 : [num_users=1] = call_method[target=sin](args = (%x,), kwargs = {})
    %cos : [num_users=1] = call_method[target=cos](args = (%y,), kwargs = {})
    %f : [num_users=1] = call_function[target=f](args = (%sin_1, %cos), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%f, %f_1), kwargs = {})
    return add
)";
  EXPECT_EQ(Canonical(kUsersOfTheFirstCopy), Canonical(kUsersOfTheSecondCopy));
  EXPECT_EQ(Canonical(kUsersOfTheFirstCopy),
            "v0 = call_method cos(in0)\n"
            "v1 = call_method cos(in1)\n"
            "v2 = call_method sin(in0)\n"
            "v3 = call_function f(v2, v0)\n"
            "v4 = call_function f(v2, v1)\n"
            "v5 = call_function operator.add(v4, v3)\n"
            "return v5\n");
}

TEST(CanonicalFormTest, StructureMatters) {
  const std::string a = Canonical(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %sub : [num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%x, %y), kwargs = {})
    return sub
)");
  const std::string swapped = Canonical(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %sub : [num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%y, %x), kwargs = {})
    return sub
)");
  EXPECT_NE(a, swapped);
}

TEST(CanonicalFormTest, SideEffectsStayWithoutUsers) {
  const std::string form = Canonical(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%x, 1), kwargs = {})
    %copy_ : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%x, %add), kwargs = {})
    return None
)");
  EXPECT_EQ(form,
            "v0 = call_function torch.ops.aten.add.Tensor(in0, 1)\n"
            "v1 = call_function torch.ops.aten.copy_.default(in0, v0)\n"
            "return None\n");
}

TEST(CanonicalFormTest, RandomDrawsAreTwoValuesInTheirOrder) {
  const auto draws = [](absl::string_view first, absl::string_view second) {
    return Canonical(absl::StrCat(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %)", first, R"( : [num_users=1] = call_function[target=torch.ops.aten.)", first,
                                  R"(.default](args = (%x,), kwargs = {})
    %)", second, R"( : [num_users=1] = call_function[target=torch.ops.aten.)", second,
                                  R"(.default](args = (%x,), kwargs = {})
    return (rand_like, randn_like)
)"));
  };
  // Drawn the other way round, each output gets other numbers.
  EXPECT_NE(draws("rand_like", "randn_like"), draws("randn_like", "rand_like"));
  // Two alike draws are two values, not one.
  const std::string twice = Canonical(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %a : [num_users=1] = call_function[target=torch.ops.aten.rand_like.default](args = (%x,), kwargs = {})
    %b : [num_users=1] = call_function[target=torch.ops.aten.rand_like.default](args = (%x,), kwargs = {})
    return (a, b)
)");
  const std::string once = Canonical(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %a : [num_users=1] = call_function[target=torch.ops.aten.rand_like.default](args = (%x,), kwargs = {})
    return (a, a)
)");
  EXPECT_NE(twice, once);
  EXPECT_EQ(once,
            "v0 = call_function torch.ops.aten.rand_like.default(in0) draw#0\n"
            "return (v0, v0)\n");
}

}  // namespace
}  // namespace fxpp
