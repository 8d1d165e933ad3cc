// Loads a reference libsecp256k1 at run time and fills SecpApi from its exports.
//
// The reference is opened with RTLD_LOCAL|RTLD_DEEPBIND: this program also exports secp256k1_*
// (fastsecp's compat layer), and without DEEPBIND the reference's own internal references to its
// exported symbols (e.g. secp256k1_context_static, the nonce functions) could bind to ours.
//
// The reference may be a plain libsecp256k1.so or the Python extension module of the
// btclib-secp256k1 wheel. The latter has undefined Py* symbols (it expects to be loaded into a
// Python interpreter), so when a plain dlopen fails we load libpython globally first and retry.
// Nothing in libpython is ever called; it only satisfies the dynamic linker.
//
// Sanitizer runtimes reject RTLD_DEEPBIND, so under ASan/TSan/MSan the same isolation comes from
// a separate link-map namespace (dlmopen) instead.
//
// Both ways are glibc's. A C library without them (WebAssembly's, emscripten's musl, which loads
// no native shared object anyway) gets no reference: it is refused, never opened unisolated.
#include "api_table.h"

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#ifndef FASTSECP_DEFAULT_REFERENCE_LIB
#define FASTSECP_DEFAULT_REFERENCE_LIB ""
#endif
#ifndef FASTSECP_DEFAULT_PYTHON_LIB
#define FASTSECP_DEFAULT_PYTHON_LIB ""
#endif

namespace {

std::string env_or_empty(const char* name) {
    const char* v = std::getenv(name);
    return v != nullptr ? std::string(v) : std::string();
}

#if defined(RTLD_DEEPBIND) && defined(LM_ID_NEWLM)
std::string dirname_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string first_line_of(const std::string& file) {
    std::ifstream in(file);
    std::string line;
    if (in && std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        return line;
    }
    return {};
}

// Where libpython may be, best guess first: explicit environment, the path CMake configured,
// the python-lib.txt that tools/fetch-reference.sh writes next to the wheel, and finally the
// soname implied by the extension's file name (cpython-3XY -> libpython3.X), left to the
// dynamic linker's search path.
std::vector<std::string> python_lib_candidates(const std::string& ref_path) {
    std::vector<std::string> out;
    auto add = [&out](const std::string& p) {
        if (p.empty()) return;
        for (const auto& q : out)
            if (q == p) return;
        out.push_back(p);
    };
    add(env_or_empty("FASTSECP_PYTHON_LIB"));
    add(FASTSECP_DEFAULT_PYTHON_LIB);
    const std::string dir = dirname_of(ref_path);
    add(first_line_of(dir + "/python-lib.txt"));
    add(first_line_of(dirname_of(dir) + "/python-lib.txt"));
    // "..._btclib_secp256k1.cpython-311-x86_64-linux-gnu.so" -> "3.11"
    const std::string base = ref_path.substr(ref_path.find_last_of('/') + 1);
    if (const auto at = base.find("cpython-3"); at != std::string::npos) {
        std::string minor;
        for (auto i = at + 9; i < base.size() && base[i] >= '0' && base[i] <= '9'; ++i) minor += base[i];
        if (!minor.empty()) {
            add("libpython3." + minor + ".so.1.0");
            add("libpython3." + minor + ".so");
        }
    }
    return out;
}

std::string dl_error() {
    const char* e = dlerror();
    return e != nullptr ? std::string(e) : std::string("unknown dlopen error");
}

// The sanitizer runtimes refuse RTLD_DEEPBIND (google/sanitizers#611). Under them the reference
// goes into a fresh link-map namespace instead (dlmopen), which isolates its symbols just as well.
bool under_sanitizer() {
    return dlsym(RTLD_DEFAULT, "__asan_init") != nullptr || dlsym(RTLD_DEFAULT, "__tsan_init") != nullptr ||
           dlsym(RTLD_DEFAULT, "__msan_init") != nullptr;
}

// One isolated way of opening a library; `with` is a library already opened the same way that the
// new one may need symbols from (libpython), or nullptr.
void* open_isolated(const std::string& path, void* with) {
    if (!under_sanitizer()) {
        // libpython, when needed, was opened RTLD_GLOBAL, so the reference finds it by itself.
        return dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    }
    Lmid_t ns = LM_ID_NEWLM;
    if (with != nullptr && dlinfo(with, RTLD_DI_LMID, &ns) != 0) return nullptr;
    // In a secondary namespace the first object's symbols are visible to later ones, which is
    // what lets the wheel resolve its Py* imports against the libpython loaded before it.
    return dlmopen(ns, path.c_str(), RTLD_NOW);
}

void* open_python(const std::string& path) {
    if (!under_sanitizer()) return dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    return dlmopen(LM_ID_NEWLM, path.c_str(), RTLD_NOW);
}

// Opens the reference, loading libpython first only when the plain attempt fails.
void* open_reference_uncached(const std::string& path, std::string& error) {
    if (void* h = open_isolated(path, nullptr)) return h;
    const std::string plain_error = dl_error();
    // Only unresolved symbols (the wheel's Py* imports) are worth a retry with libpython; a
    // missing file or wrong architecture is reported as is.
    if (plain_error.find("undefined symbol") == std::string::npos) {
        error = "cannot load reference libsecp256k1 '" + path + "': " + plain_error;
        return nullptr;
    }

    std::string tried;
    for (const auto& py_path : python_lib_candidates(path)) {
        void* py = open_python(py_path);
        if (py == nullptr) {
            tried += "\n  " + py_path + ": " + dl_error();
            continue;
        }
        // libpython stays loaded for the life of the process: the reference binds to it.
        if (void* h = open_isolated(path, py)) return h;
        error = "cannot load reference libsecp256k1 '" + path + "' even after loading libpython '" +
                py_path + "': " + dl_error();
        return nullptr;
    }
    error = "cannot load reference libsecp256k1 '" + path + "': " + plain_error +
            "\nIt looks like a Python extension module; set FASTSECP_PYTHON_LIB to the "
            "libpython3.X.so of the matching Python version.";
    if (!tried.empty()) error += " Tried:" + tried;
    return nullptr;
}
#else
void* open_reference_uncached(const std::string& path, std::string& error) {
    error = "cannot load reference libsecp256k1 '" + path +
            "': this C library has neither RTLD_DEEPBIND nor dlmopen to load it isolated";
    return nullptr;
}
#endif

// Handles are kept for the life of the process (the table's pointers must stay valid), and one
// per path so repeated loads do not use up link-map namespaces in sanitizer builds.
void* open_reference(const std::string& path, std::string& error) {
    static std::mutex mutex;
    static std::map<std::string, void*> opened;
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = opened.find(path); it != opened.end()) return it->second;
    void* h = open_reference_uncached(path, error);
    if (h != nullptr) opened.emplace(path, h);
    return h;
}

}  // namespace

std::string default_reference_path() {
    std::string p = env_or_empty("FASTSECP_REFERENCE_LIB");
    if (p.empty()) p = FASTSECP_DEFAULT_REFERENCE_LIB;
    return p;
}

bool load_reference_api(const std::string& path_in, SecpApi& out, std::string& error) {
    const std::string path = path_in.empty() ? default_reference_path() : path_in;
    if (path.empty()) {
        error = "no reference libsecp256k1 configured: set FASTSECP_REFERENCE_LIB to a libsecp256k1 "
                "shared object (or run tools/fetch-reference.sh DIR and use the path it prints), or "
                "configure with -DFASTSECP_REFERENCE_LIB=...";
        return false;
    }
    void* h = open_reference(path, error);
    if (h == nullptr) return false;

    SecpApi api;
    api.name = "libsecp256k1 (" + path + ")";
    std::string missing;
    auto lookup = [&](const char* symbol) -> void* {
        dlerror();
        void* p = dlsym(h, symbol);
        if (p == nullptr) missing += std::string(missing.empty() ? "" : ", ") + symbol;
        return p;
    };
#define FASTSECP_API_REF_FN(n)                                                    \
    api.n = reinterpret_cast<decltype(api.n)>(lookup("secp256k1_" #n));
    FASTSECP_API_FUNCTIONS(FASTSECP_API_REF_FN)
#undef FASTSECP_API_REF_FN
    // Data symbols are variables: dlsym gives their address, the table wants their value.
#define FASTSECP_API_REF_DATA(n)                                                  \
    if (void* p = lookup("secp256k1_" #n)) api.n = *static_cast<const decltype(api.n)*>(p);
    FASTSECP_API_DATA(FASTSECP_API_REF_DATA)
#undef FASTSECP_API_REF_DATA

    if (!missing.empty()) {
        error = "reference libsecp256k1 '" + path + "' lacks symbol(s): " + missing +
                " (a v0.8.0 build with the ecdh, recovery, extrakeys and schnorrsig modules is required)";
        return false;
    }
    out = std::move(api);
    return true;
}
