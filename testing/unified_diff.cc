#include "testing/unified_diff.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace fxpp {
namespace {

// Marks the elements of `a` and `b` that are not in a longest common
// subsequence, with Myers' divide-and-conquer "middle snake" search, which
// needs O(N+M) space. Points are absolute: x indexes `a`, y indexes `b`, and
// diagonal k holds the points with x - y == k.
class MyersDiff {
 public:
  MyersDiff(const std::vector<int>& a, const std::vector<int>& b)
      : a_(a),
        b_(b),
        diagonal_offset_(static_cast<int>(b.size()) + 1),
        max_cost_(
            std::max(256, static_cast<int>(std::sqrt(static_cast<double>(a.size() + b.size()))))),
        // Diagonals run from -|b| to |a|, plus one sentinel on each side.
        fwd_(a.size() + b.size() + 3),
        bwd_(a.size() + b.size() + 3) {}

  // Sets the flags of changed elements; `a_changed` and `b_changed` are sized
  // like `a` and `b` and start all false.
  void Run(std::vector<bool>& a_changed, std::vector<bool>& b_changed);

 private:
  // The subproblem a[x0, x1) against b[y0, y1). `minimal` turns off the cost
  // cut-off, for boxes known to be cheap.
  struct Box {
    int x0, x1, y0, y1;
    bool minimal;
  };
  // Where to cut a box in two, and which halves must be diffed minimally.
  struct Split {
    int x, y;
    bool lo_minimal, hi_minimal;
  };

  // A point on an optimal path through `box`, which must be nonempty on both
  // sides and start and end with a mismatch; past the cost cut-off, the point
  // either search has got furthest to.
  Split FindSplit(const Box& box);
  Split FurthestReach(const Box& box, int flo, int fhi, int blo, int bhi);

  // The furthest x that the forward (backward) search reached on diagonal k.
  int& Fwd(int k) { return fwd_[k + diagonal_offset_]; }
  int& Bwd(int k) { return bwd_[k + diagonal_offset_]; }

  const std::vector<int>& a_;
  const std::vector<int>& b_;
  const int diagonal_offset_;
  const int max_cost_;
  std::vector<int> fwd_, bwd_;
};

void MyersDiff::Run(std::vector<bool>& a_changed, std::vector<bool>& b_changed) {
  // An explicit stack, because past the cost cut-off the splits are lopsided
  // and recursion could get deep.
  std::vector<Box> boxes = {
      {0, static_cast<int>(a_.size()), 0, static_cast<int>(b_.size()), false}};
  while (!boxes.empty()) {
    Box box = boxes.back();
    boxes.pop_back();
    while (box.x0 < box.x1 && box.y0 < box.y1 && a_[box.x0] == b_[box.y0]) {
      ++box.x0;
      ++box.y0;
    }
    while (box.x0 < box.x1 && box.y0 < box.y1 && a_[box.x1 - 1] == b_[box.y1 - 1]) {
      --box.x1;
      --box.y1;
    }
    if (box.x0 == box.x1) {
      std::fill(b_changed.begin() + box.y0, b_changed.begin() + box.y1, true);
    } else if (box.y0 == box.y1) {
      std::fill(a_changed.begin() + box.x0, a_changed.begin() + box.x1, true);
    } else {
      const Split split = FindSplit(box);
      boxes.push_back({box.x0, split.x, box.y0, split.y, split.lo_minimal});
      boxes.push_back({split.x, box.x1, split.y, box.y1, split.hi_minimal});
    }
  }
}

MyersDiff::Split MyersDiff::FindSplit(const Box& box) {
  const int kmin = box.x0 - box.y1;
  const int kmax = box.x1 - box.y0;
  const int fmid = box.x0 - box.y0;  // where the forward search starts
  const int bmid = box.x1 - box.y1;  // where the backward search starts
  // With an odd distance between the start diagonals the searches can only
  // meet after a forward step, otherwise only after a backward one.
  const bool odd = ((fmid - bmid) & 1) != 0;
  int flo = fmid, fhi = fmid, blo = bmid, bhi = bmid;
  Fwd(fmid) = box.x0;
  Bwd(bmid) = box.x1;
  for (int cost = 1;; ++cost) {
    // Each step widens a search by a diagonal on each side, or narrows it by
    // one where that would leave the box (keeping the range's parity). The
    // diagonal just outside the range gets a sentinel that loses every
    // comparison, so its neighbour extends from the inside.
    if (flo > kmin) {
      Fwd(--flo - 1) = -1;
    } else {
      ++flo;
    }
    if (fhi < kmax) {
      Fwd(++fhi + 1) = -1;
    } else {
      --fhi;
    }
    for (int k = fhi; k >= flo; k -= 2) {
      // Step right from diagonal k-1 or down from k+1, whichever gets further.
      int x = Fwd(k - 1) >= Fwd(k + 1) ? Fwd(k - 1) + 1 : Fwd(k + 1);
      int y = x - k;
      while (x < box.x1 && y < box.y1 && a_[x] == b_[y]) {
        ++x;
        ++y;
      }
      Fwd(k) = x;
      if (odd && blo <= k && k <= bhi && Bwd(k) <= x) return {x, y, true, true};
    }

    if (blo > kmin) {
      Bwd(--blo - 1) = INT_MAX;
    } else {
      ++blo;
    }
    if (bhi < kmax) {
      Bwd(++bhi + 1) = INT_MAX;
    } else {
      --bhi;
    }
    for (int k = bhi; k >= blo; k -= 2) {
      // Step up from diagonal k-1 or left from k+1, whichever gets further.
      int x = Bwd(k - 1) < Bwd(k + 1) ? Bwd(k - 1) : Bwd(k + 1) - 1;
      int y = x - k;
      while (x > box.x0 && y > box.y0 && a_[x - 1] == b_[y - 1]) {
        --x;
        --y;
      }
      Bwd(k) = x;
      if (!odd && flo <= k && k <= fhi && x <= Fwd(k)) return {x, y, true, true};
    }

    if (!box.minimal && cost >= max_cost_) return FurthestReach(box, flo, fhi, blo, bhi);
  }
}

MyersDiff::Split MyersDiff::FurthestReach(const Box& box, int flo, int fhi, int blo, int bhi) {
  // A search can step one past the box's far edges; clamp along the diagonal.
  int fx = box.x0, fy = box.y0;
  for (int k = flo; k <= fhi; k += 2) {
    int x = std::min(Fwd(k), box.x1);
    int y = x - k;
    if (y > box.y1) {
      y = box.y1;
      x = y + k;
    }
    if (x + y > fx + fy) {
      fx = x;
      fy = y;
    }
  }
  int bx = box.x1, by = box.y1;
  for (int k = blo; k <= bhi; k += 2) {
    int x = std::max(Bwd(k), box.x0);
    int y = x - k;
    if (y < box.y0) {
      y = box.y0;
      x = y + k;
    }
    if (x + y < bx + by) {
      bx = x;
      by = y;
    }
  }
  // The part one search has covered costs at most max_cost_, so diffing it
  // minimally stays cheap; the rest may hit the cut-off again.
  if ((fx + fy) - (box.x0 + box.y0) >= (box.x1 + box.y1) - (bx + by)) {
    return {fx, fy, true, false};
  }
  return {bx, by, false, true};
}

// One of the two texts.
struct Side {
  explicit Side(absl::string_view text) {
    // Lines keep their '\n', so a last line without one differs from the
    // same text with one.
    while (!text.empty()) {
      const size_t newline = text.find('\n');
      const size_t length = newline == absl::string_view::npos ? text.size() : newline + 1;
      lines.push_back(text.substr(0, length));
      text.remove_prefix(length);
    }
  }

  std::vector<absl::string_view> lines;
  std::vector<int> ids;       // per line: a number for its text
  std::vector<int> searched;  // the lines the search sees, by line number
  std::vector<int> sequence;  // their ids
  std::vector<bool> changed;  // per line
};

// Sets `changed` on both sides.
void MarkChangedLines(Side& a, Side& b) {
  // The search compares ints rather than strings.
  absl::flat_hash_map<absl::string_view, int> ids;
  for (Side* side : {&a, &b}) {
    for (absl::string_view line : side->lines) {
      side->ids.push_back(ids.try_emplace(line, static_cast<int>(ids.size())).first->second);
    }
  }
  // A line that the other side lacks is changed in every diff. Leaving such
  // lines out of the search keeps the diff minimal and makes unrelated texts
  // cheap.
  std::vector<bool> in_a(ids.size()), in_b(ids.size());
  for (int id : a.ids) in_a[id] = true;
  for (int id : b.ids) in_b[id] = true;
  auto keep_shared = [](const std::vector<bool>& in_other, Side& side) {
    for (int line = 0; line < static_cast<int>(side.ids.size()); ++line) {
      if (!in_other[side.ids[line]]) continue;
      side.searched.push_back(line);
      side.sequence.push_back(side.ids[line]);
    }
  };
  keep_shared(in_b, a);
  keep_shared(in_a, b);

  std::vector<bool> a_changed(a.sequence.size()), b_changed(b.sequence.size());
  MyersDiff(a.sequence, b.sequence).Run(a_changed, b_changed);
  auto scatter = [](const std::vector<bool>& searched_changed, Side& side) {
    side.changed.assign(side.lines.size(), true);
    for (size_t i = 0; i < side.searched.size(); ++i) {
      side.changed[side.searched[i]] = searched_changed[i];
    }
  };
  scatter(a_changed, a);
  scatter(b_changed, b);
}

// A maximal run of changes: expected lines [a0, a1) became actual [b0, b1).
struct Change {
  int a0, a1, b0, b1;
};

std::vector<Change> Changes(const Side& a, const Side& b) {
  const int n = static_cast<int>(a.lines.size());
  const int m = static_cast<int>(b.lines.size());
  std::vector<Change> changes;
  // Unchanged lines pair up in order, so the sides advance together past them.
  for (int i = 0, j = 0; i < n || j < m;) {
    if (i < n && j < m && !a.changed[i] && !b.changed[j]) {
      ++i;
      ++j;
      continue;
    }
    Change change = {i, i, j, j};
    while (change.a1 < n && a.changed[change.a1]) ++change.a1;
    while (change.b1 < m && b.changed[change.b1]) ++change.b1;
    changes.push_back(change);
    i = change.a1;
    j = change.b1;
  }
  return changes;
}

// A hunk header range as GNU diff writes it: "start,count", just "start" for
// one line, and for no lines the number of the line before them with ",0".
std::string HunkRange(int begin, int end) {
  const int count = end - begin;
  if (count == 1) return absl::StrCat(begin + 1);
  return absl::StrCat(count == 0 ? begin : begin + 1, ",", count);
}

void AppendLine(char prefix, absl::string_view line, std::string& out) {
  out.push_back(prefix);
  out.append(line.data(), line.size());
  if (line.back() != '\n') out.append("\n\\ No newline at end of file\n");
}

}  // namespace

std::string UnifiedDiff(absl::string_view expected, absl::string_view actual,
                        absl::string_view expected_label, absl::string_view actual_label,
                        int context) {
  if (expected == actual) return "";
  Side a(expected), b(actual);
  MarkChangedLines(a, b);
  const std::vector<Change> changes = Changes(a, b);

  // 64 bits, so that 2 * context cannot overflow.
  const int64_t ctx = std::max(context, 0);
  const int n = static_cast<int>(a.lines.size());
  std::string out = absl::StrCat("--- ", expected_label, "\n+++ ", actual_label, "\n");
  for (size_t first = 0; first < changes.size();) {
    // Changes whose contexts would touch or overlap share a hunk.
    size_t last = first;
    while (last + 1 < changes.size() && changes[last + 1].a0 - changes[last].a1 <= 2 * ctx) {
      ++last;
    }
    const int lead = static_cast<int>(std::min<int64_t>(ctx, changes[first].a0));
    const int trail = static_cast<int>(std::min<int64_t>(ctx, n - changes[last].a1));
    const int a_begin = changes[first].a0 - lead;
    const int a_end = changes[last].a1 + trail;
    absl::StrAppend(&out, "@@ -", HunkRange(a_begin, a_end), " +",
                    HunkRange(changes[first].b0 - lead, changes[last].b1 + trail), " @@\n");
    int i = a_begin;
    for (size_t c = first; c <= last; ++c) {
      const Change& change = changes[c];
      for (; i < change.a0; ++i) AppendLine(' ', a.lines[i], out);
      for (int k = change.a0; k < change.a1; ++k) AppendLine('-', a.lines[k], out);
      for (int k = change.b0; k < change.b1; ++k) AppendLine('+', b.lines[k], out);
      i = change.a1;
    }
    for (; i < a_end; ++i) AppendLine(' ', a.lines[i], out);
    first = last + 1;
  }
  return out;
}

}  // namespace fxpp
