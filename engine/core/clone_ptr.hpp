// An owning pointer that copies by cloning, so a world holding polymorphic parts (team modules)
// stays a plain value type that WorldBase can snapshot by copy.
#pragma once
#include <memory>
#include <utility>

namespace pb {

template <class T>
class ClonePtr {
public:
    ClonePtr() = default;
    explicit ClonePtr(std::unique_ptr<T> p) : p_(std::move(p)) {}
    ClonePtr(const ClonePtr& o) : p_(o.p_ ? o.p_->clone() : nullptr) {}
    ClonePtr(ClonePtr&&) noexcept = default;
    ClonePtr& operator=(const ClonePtr& o) {
        if (this != &o) p_ = o.p_ ? o.p_->clone() : nullptr;
        return *this;
    }
    ClonePtr& operator=(ClonePtr&&) noexcept = default;
    T* get() const { return p_.get(); }
    T* operator->() const { return p_.get(); }
    T& operator*() const { return *p_; }
    explicit operator bool() const { return static_cast<bool>(p_); }

private:
    std::unique_ptr<T> p_;
};

}   // namespace pb
