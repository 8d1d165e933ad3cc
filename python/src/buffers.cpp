#include "buffers.h"

#include <cstdint>
#include <cstring>
#include <string>

namespace pyfastsecp {

namespace {

std::string sizes_text(std::initializer_list<size_t> sizes) {
    std::string s;
    size_t i = 0;
    for (size_t v : sizes) {
        if (i++) s += i == sizes.size() ? " or " : ", ";
        s += std::to_string(v);
    }
    return s;
}

bool accepted(std::initializer_list<size_t> sizes, size_t len) {
    if (sizes.size() == 0) return true;
    for (size_t v : sizes)
        if (v == len) return true;
    return false;
}

}  // namespace

BufferView::BufferView(nb::handle obj, const char* what) {
    if (!PyObject_CheckBuffer(obj.ptr()))
        throw nb::type_error((std::string(what) + ": expected a bytes-like object, got " +
                              Py_TYPE(obj.ptr())->tp_name).c_str());
    if (PyObject_GetBuffer(obj.ptr(), &view_, PyBUF_C_CONTIGUOUS) != 0) {
        PyErr_Clear();
        throw nb::type_error((std::string(what) + ": the buffer is not C-contiguous").c_str());
    }
    held_ = true;
}

BufferView::BufferView(BufferView&& other) noexcept : view_(other.view_), held_(other.held_) {
    other.held_ = false;
}

BufferView::~BufferView() {
    if (held_) PyBuffer_Release(&view_);
}

Column::Column(nb::handle obj, const char* what, std::initializer_list<size_t> sizes, size_t n) {
    if (PyObject_CheckBuffer(obj.ptr())) {
        // One packed buffer of equal-size records.
        views_.emplace_back(obj, what);
        const size_t total = views_.back().size();
        size_t record;
        if (n == SIZE_MAX) {
            if (sizes.size() != 1) throw nb::type_error((std::string(what) + ": give a sequence of byte strings").c_str());
            record = *sizes.begin();
            if (total % record != 0)
                throw nb::value_error((std::string(what) + ": packed length " + std::to_string(total) +
                                       " is not a multiple of " + std::to_string(record)).c_str());
            n = total / record;
        } else if (n == 0) {
            if (total != 0)
                throw nb::value_error((std::string(what) + ": expected an empty buffer for 0 items").c_str());
            record = 0;
        } else {
            if (total % n != 0 || !accepted(sizes, total / n) || (sizes.size() == 0 && total / n == 0 && total != 0))
                throw nb::value_error((std::string(what) + ": packed length " + std::to_string(total) +
                                       " does not hold " + std::to_string(n) + " records of " +
                                       (sizes.size() ? sizes_text(sizes) : std::string("equal")) + " bytes")
                                          .c_str());
            record = total / n;
        }
        base_ = views_.back().data();
        ptr_.resize(n);
        len_.assign(n, record);
        for (size_t i = 0; i < n; i++) ptr_[i] = base_ + i * record;
        return;
    }
    // A sequence of bytes-like objects.
    nb::object seq = nb::steal(PySequence_Fast(obj.ptr(), ""));
    if (!seq.is_valid()) {
        PyErr_Clear();
        throw nb::type_error((std::string(what) + ": expected a bytes-like object or a sequence of them, got " +
                              Py_TYPE(obj.ptr())->tp_name).c_str());
    }
    const size_t count = static_cast<size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
    if (n != SIZE_MAX && count != n)
        throw nb::value_error((std::string(what) + ": expected " + std::to_string(n) + " items, got " +
                               std::to_string(count)).c_str());
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    ptr_.resize(count);
    len_.resize(count);
    keep_.reserve(count);
    for (size_t i = 0; i < count; i++) {
        PyObject* it = items[i];
        keep_.push_back(nb::borrow(it));  // the item outlives any change to the sequence
        const unsigned char* p;
        size_t len;
        if (PyBytes_Check(it)) {
            p = reinterpret_cast<const unsigned char*>(PyBytes_AS_STRING(it));
            len = static_cast<size_t>(PyBytes_GET_SIZE(it));
        } else {
            std::string name = std::string(what) + "[" + std::to_string(i) + "]";
            views_.emplace_back(nb::handle(it), name.c_str());
            p = views_.back().data();
            len = views_.back().size();
        }
        if (!accepted(sizes, len))
            throw nb::value_error((std::string(what) + "[" + std::to_string(i) + "]: expected " + sizes_text(sizes) +
                                   " bytes, got " + std::to_string(len)).c_str());
        ptr_[i] = p;
        len_[i] = len;
    }
}

const unsigned char* Column::packed(size_t record) {
    if (base_ != nullptr || ptr_.empty()) return base_;
    copy_.resize(ptr_.size() * record);
    for (size_t i = 0; i < ptr_.size(); i++) std::memcpy(copy_.data() + i * record, ptr_[i], record);
    return copy_.data();
}

std::vector<size_t> read_offsets(nb::handle obj, const char* what, size_t n, size_t limit) {
    std::vector<size_t> out;
    if (PyObject_CheckBuffer(obj.ptr())) {
        Py_buffer v;
        if (PyObject_GetBuffer(obj.ptr(), &v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
            PyErr_Clear();
            throw nb::type_error((std::string(what) + ": the buffer is not C-contiguous").c_str());
        }
        const char* f = v.format ? v.format : "B";
        if (*f == '<' || *f == '=' || *f == '@') f++;
        const bool ok = v.itemsize == 8 && (std::strcmp(f, "Q") == 0 || std::strcmp(f, "q") == 0 ||
                                            std::strcmp(f, "L") == 0 || std::strcmp(f, "l") == 0);
        if (!ok) {
            PyBuffer_Release(&v);
            throw nb::type_error((std::string(what) + ": a buffer of offsets must hold 8-byte integers").c_str());
        }
        const size_t count = static_cast<size_t>(v.len) / 8;
        out.resize(count);
        std::memcpy(out.data(), v.buf, count * 8);
        const bool is_signed = *f == 'q' || *f == 'l';
        PyBuffer_Release(&v);
        if (is_signed)
            for (size_t x : out)
                if (static_cast<int64_t>(x) < 0) throw nb::value_error((std::string(what) + ": negative offset").c_str());
    } else {
        nb::object seq = nb::steal(PySequence_Fast(obj.ptr(), ""));
        if (!seq.is_valid()) {
            PyErr_Clear();
            throw nb::type_error((std::string(what) + ": expected a sequence of integers").c_str());
        }
        const size_t count = static_cast<size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
        out.resize(count);
        PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
        for (size_t i = 0; i < count; i++) {
            if (!PyLong_Check(items[i])) throw nb::type_error((std::string(what) + ": offsets must be integers").c_str());
            const unsigned long long x = PyLong_AsUnsignedLongLong(items[i]);
            if (PyErr_Occurred()) {
                PyErr_Clear();
                throw nb::value_error((std::string(what) + ": offsets must be non-negative 64-bit integers").c_str());
            }
            out[i] = static_cast<size_t>(x);
        }
    }
    if (out.size() != n + 1)
        throw nb::value_error((std::string(what) + ": expected " + std::to_string(n + 1) + " offsets, got " +
                               std::to_string(out.size())).c_str());
    for (size_t i = 0; i < n; i++)
        if (out[i] > out[i + 1]) throw nb::value_error((std::string(what) + ": offsets must not decrease").c_str());
    if (out[n] > limit)
        throw nb::value_error((std::string(what) + ": the last offset (" + std::to_string(out[n]) +
                               ") is past the end (" + std::to_string(limit) + ")").c_str());
    return out;
}

BufferView fixed_bytes(nb::handle obj, const char* what, size_t size) {
    BufferView v(obj, what);
    if (v.size() != size)
        throw nb::value_error((std::string(what) + " must be " + std::to_string(size) + " bytes long, got " +
                               std::to_string(v.size())).c_str());
    return v;
}

}  // namespace pyfastsecp
