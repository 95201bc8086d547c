// A min-heap of four children per node, for the flow engine's queues of events and landings: half the levels
// of a binary heap, and a node's children share one or two cache lines. The queues hold tens of thousands of
// entries, and a pop from a binary heap missed the cache at most of its levels. The keys must be totally
// ordered (the engine breaks ties by a sequence number or a message id), so the entries come out in the same
// order as from any other heap, bit for bit.
#pragma once
#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace tamp::impl {

/// `Less`: a strict total order on T; top() is its least entry.
template <class T, class Less = std::less<T>>
class QuaternaryHeap {
 public:
  bool empty() const { return items_.empty(); }
  std::size_t size() const { return items_.size(); }
  const T& top() const { return items_.front(); }
  void clear() { items_.clear(); }

  void push(const T& item) {
    items_.push_back(item);
    sift_up(items_.size() - 1);
  }

  void pop() {
    T last = std::move(items_.back());
    items_.pop_back();
    if (!items_.empty()) sift_down(0, std::move(last));
  }

  /// Appends without ordering; heapify() orders them all at once (O(n), as std::make_heap).
  void push_unordered(const T& item) { items_.push_back(item); }
  void heapify() {
    if (items_.size() < 2) return;
    for (std::size_t i = (items_.size() - 2) / kArity + 1; i-- > 0;) {
      T item = std::move(items_[i]);
      sift_down(i, std::move(item));
    }
  }

 private:
  static constexpr std::size_t kArity = 4;

  void sift_up(std::size_t i) {
    T item = std::move(items_[i]);
    while (i > 0) {
      const std::size_t parent = (i - 1) / kArity;
      if (!less_(item, items_[parent])) break;
      items_[i] = std::move(items_[parent]);
      i = parent;
    }
    items_[i] = std::move(item);
  }

  // Places `item` at the hole `i`, moving the least child up while it is less than `item`.
  void sift_down(std::size_t i, T item) {
    const std::size_t n = items_.size();
    for (;;) {
      const std::size_t first = kArity * i + 1;
      if (first >= n) break;
      const std::size_t end = first + kArity < n ? first + kArity : n;
      std::size_t least = first;
      for (std::size_t c = first + 1; c < end; ++c)
        if (less_(items_[c], items_[least])) least = c;
      if (!less_(items_[least], item)) break;
      items_[i] = std::move(items_[least]);
      i = least;
    }
    items_[i] = std::move(item);
  }

  std::vector<T> items_;
  Less less_;
};

}  // namespace tamp::impl
