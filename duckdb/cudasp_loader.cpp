// cudasp.duckdb_extension's entry point. DuckDB loads an extension with RTLD_LOCAL, and resolves
// a C++ extension's references to DuckDB (type info, vtables, functions) against the global scope
// only; a DuckDB that was itself loaded RTLD_LOCAL (the Python module, a JNI library) is not in it,
// which is why DuckDB's own C++ extensions link a whole copy of DuckDB in. This file refers to
// nothing of DuckDB. It carries the real extension (cudasp_extension.cpp, built against DuckDB's
// C++ headers of the version named in the footer) as bytes, and at load:
//   1. adds the DuckDB that calls it to the global scope (dlopen with RTLD_NOLOAD | RTLD_GLOBAL,
//      glibc's documented way to promote a loaded object; for a DuckDB linked into the program
//      itself this finds nothing to do);
//   2. loads the carried object from memory (memfd_create; a temporary file where that fails),
//      RTLD_LOCAL, so it binds to that DuckDB and exports only its registration function;
//   3. registers cudasp_scan through it.
// DuckDB checks the footer's version against its own before it calls this, so the carried object
// only ever meets the DuckDB version whose headers it was compiled with.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <stdexcept>
#include <string>

extern "C" const unsigned char fastsecp_cudasp_object[];
extern "C" const unsigned char fastsecp_cudasp_object_end[];

namespace {

bool write_all(int fd, const unsigned char* p, size_t n) {
    while (n > 0) {
        const ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

// Writes the carried object to fd and dlopens it through path; null (error set) when either fails.
void* open_copy(int fd, const char* path, std::string& error) {
    const size_t size = (size_t)(fastsecp_cudasp_object_end - fastsecp_cudasp_object);
    if (!write_all(fd, fastsecp_cudasp_object, size)) {
        error += std::string(path) + ": could not write the extension's object; ";
        return nullptr;
    }
    void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h == nullptr) error += std::string(dlerror()) + "; ";
    return h;
}

// The carried object, loaded once per process: from an anonymous memory file, or (where memory
// files cannot be mapped executable, e.g. vm.memfd_noexec = 2) from a temporary file that is
// unlinked at once. Throws with the reasons when neither works.
void* load_object() {
    static std::once_flag once;
    static void* handle = nullptr;
    static std::string error;
    std::call_once(once, [] {
        char path[256];
        int fd = memfd_create("fastsecp-cudasp", MFD_CLOEXEC);
        if (fd >= 0) {
            snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
            handle = open_copy(fd, path, error);
            close(fd);
        } else {
            error += "memfd_create failed; ";
        }
        if (handle != nullptr) return;
        const char* dir = getenv("TMPDIR");
        if (dir == nullptr || *dir == 0 || strlen(dir) > 200) dir = "/tmp";
        snprintf(path, sizeof path, "%s/fastsecp-cudasp-XXXXXX", dir);
        fd = mkstemp(path);
        if (fd < 0) {
            error += std::string(path) + ": could not create a temporary file";
            return;
        }
        handle = open_copy(fd, path, error);
        unlink(path);
        close(fd);
    });
    if (handle == nullptr) throw std::runtime_error("cudasp: could not load the extension's object: " + error);
    return handle;
}

}  // namespace

extern "C" __attribute__((visibility("default"), noinline)) void cudasp_duckdb_cpp_init(void* loader) {
    Dl_info caller;
    if (dladdr(__builtin_return_address(0), &caller) != 0 && caller.dli_fname != nullptr && caller.dli_fname[0] != 0)
        (void)dlopen(caller.dli_fname, RTLD_NOLOAD | RTLD_NOW | RTLD_GLOBAL);  // kept open for the process
    void* object = load_object();
    auto reg = reinterpret_cast<void (*)(void*)>(dlsym(object, "fastsecp_cudasp_register"));
    if (reg == nullptr) throw std::runtime_error("cudasp: fastsecp_cudasp_register missing");
    reg(loader);
}
