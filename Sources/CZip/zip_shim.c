#include "CZip.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zip.h>

struct lectern_zip {
    zip_t *archive;
};

// libzip is loaded on first use (dlopen), not at start-up: with libcrypto, libbz2 and liblzma behind it,
// loading it took about a millisecond of every command, and only bundles and .zip files need it.
#define LIBZIP_FUNCTIONS(X)                                                                                      \
    X(zip_close) X(zip_discard) X(zip_error_fini) X(zip_error_init_with_code) X(zip_error_strerror)          \
    X(zip_fclose) X(zip_file_add) X(zip_file_strerror) X(zip_fopen_index) X(zip_fread)                       \
    X(zip_get_num_entries) X(zip_open) X(zip_set_file_compression) X(zip_source_buffer) X(zip_source_free)   \
    X(zip_stat_index) X(zip_stat_init) X(zip_strerror)

#define DECLARE_POINTER(name) __typeof__(name) *name;
static struct {
    LIBZIP_FUNCTIONS(DECLARE_POINTER)
} libzip;
static pthread_once_t libzip_once = PTHREAD_ONCE_INIT;
static const char *libzip_problem = "libzip was not loaded";

static void load_libzip(void) {
    // The soname of Debian's libzip4, then later ones, then the development link (and macOS's names).
    static const char *const names[] = {"libzip.so.4", "libzip.so.5", "libzip.so", "libzip.5.dylib", "libzip.dylib"};
    void *handle = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && !handle; index++) {
        handle = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (!handle) {
        libzip_problem = "libzip is not installed (apt-get install libzip4); it reads .zip bundles";
        return;
    }
#define LOAD_POINTER(name)                                                                                       \
    libzip.name = (__typeof__(name) *)dlsym(handle, #name);                                                   \
    if (!libzip.name) {                                                                                        \
        libzip_problem = "the installed libzip lacks " #name;                                                  \
        return;                                                                                                \
    }
    LIBZIP_FUNCTIONS(LOAD_POINTER)
    libzip_problem = NULL;
}

// Calls go through the loaded pointers.
#define zip_close libzip.zip_close
#define zip_discard libzip.zip_discard
#define zip_error_fini libzip.zip_error_fini
#define zip_error_init_with_code libzip.zip_error_init_with_code
#define zip_error_strerror libzip.zip_error_strerror
#define zip_fclose libzip.zip_fclose
#define zip_file_add libzip.zip_file_add
#define zip_file_strerror libzip.zip_file_strerror
#define zip_fopen_index libzip.zip_fopen_index
#define zip_fread libzip.zip_fread
#define zip_get_num_entries libzip.zip_get_num_entries
#define zip_open libzip.zip_open
#define zip_set_file_compression libzip.zip_set_file_compression
#define zip_source_buffer libzip.zip_source_buffer
#define zip_source_free libzip.zip_source_free
#define zip_stat_index libzip.zip_stat_index
#define zip_stat_init libzip.zip_stat_init
#define zip_strerror libzip.zip_strerror

static void copy_message(char *message, size_t capacity, const char *text) {
    if (!message || capacity == 0) return;
    snprintf(message, capacity, "%s", text ? text : "unknown libzip error");
}

/// libzip's message for an error code.
static void copy_code_message(char *message, size_t capacity, int code) {
    zip_error_t error;
    zip_error_init_with_code(&error, code);
    copy_message(message, capacity, zip_error_strerror(&error));
    zip_error_fini(&error);
}

/// Loads libzip once; false, with why in `message`, when it cannot be.
static int libzip_ready(char *message, size_t capacity) {
    pthread_once(&libzip_once, load_libzip);
    if (libzip_problem) {
        copy_message(message, capacity, libzip_problem);
        return 0;
    }
    return 1;
}

lectern_zip *lectern_zip_open(const char *path, char *message, size_t message_capacity) {
    if (!libzip_ready(message, message_capacity)) return NULL;
    int code = 0;
    zip_t *archive = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code);
    if (!archive) {
        copy_code_message(message, message_capacity, code);
        return NULL;
    }
    lectern_zip *handle = (lectern_zip *)malloc(sizeof *handle);
    if (!handle) {
        zip_discard(archive);
        copy_message(message, message_capacity, "not enough memory");
        return NULL;
    }
    handle->archive = archive;
    return handle;
}

int64_t lectern_zip_count(lectern_zip *archive) {
    if (!archive) return -1;
    return (int64_t)zip_get_num_entries(archive->archive, 0);
}

int32_t lectern_zip_entry(lectern_zip *archive, int64_t index, const char **name, uint64_t *size) {
    *name = NULL;
    *size = 0;
    if (!archive || index < 0) return -1;
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(archive->archive, (zip_uint64_t)index, 0, &stat) != 0) return -1;
    if (!(stat.valid & ZIP_STAT_NAME) || !stat.name) return -1;
    *name = stat.name;
    *size = (stat.valid & ZIP_STAT_SIZE) ? stat.size : 0;
    return 0;
}

/// Opens the entry at `index`, or writes libzip's message and returns NULL.
static zip_file_t *open_entry(lectern_zip *archive, int64_t index, char *message, size_t message_capacity) {
    if (!archive || index < 0) {
        copy_message(message, message_capacity, "no such entry");
        return NULL;
    }
    zip_file_t *file = zip_fopen_index(archive->archive, (zip_uint64_t)index, 0);
    if (!file) copy_message(message, message_capacity, zip_strerror(archive->archive));
    return file;
}

/// Reads from `file` into `buffer` until `capacity` bytes are there or the data ends; then, when `more` is
/// given, whether one byte more follows (into it: 1 or 0). Returns 0, or -1 with libzip's message.
static int32_t read_entry(zip_file_t *file, uint8_t *buffer, size_t capacity, size_t *produced, int *more,
                          char *message, size_t message_capacity) {
    *produced = 0;
    while (*produced < capacity) {
        zip_int64_t count = zip_fread(file, buffer + *produced, capacity - *produced);
        if (count < 0) {
            copy_message(message, message_capacity, zip_file_strerror(file));
            return -1;
        }
        if (count == 0) break;
        *produced += (size_t)count;
    }
    if (more) {
        uint8_t extra;
        zip_int64_t count = zip_fread(file, &extra, 1);
        if (count < 0) {
            copy_message(message, message_capacity, zip_file_strerror(file));
            return -1;
        }
        *more = count > 0;
    }
    return 0;
}

/// Closes `file`, turning a failed check at the end (a bad CRC) into -1 with its message.
static int32_t close_entry(zip_file_t *file, int32_t status, char *message, size_t message_capacity) {
    int closed = zip_fclose(file);
    if (status == 0 && closed != 0) {
        copy_code_message(message, message_capacity, closed);
        return -1;
    }
    return status;
}

int32_t lectern_zip_read_into(lectern_zip *archive, int64_t index, uint8_t *buffer, size_t capacity,
                              size_t *produced, char *message, size_t message_capacity) {
    *produced = 0;
    zip_file_t *file = open_entry(archive, index, message, message_capacity);
    if (!file) return -1;
    int more = 0;
    int32_t status = read_entry(file, buffer, capacity, produced, &more, message, message_capacity);
    if (status == 0 && more) {
        zip_fclose(file);
        return -100;
    }
    return close_entry(file, status, message, message_capacity);
}

int32_t lectern_zip_size(lectern_zip *archive, int64_t index, size_t max_len, size_t *size, char *message,
                         size_t message_capacity) {
    *size = 0;
    zip_file_t *file = open_entry(archive, index, message, message_capacity);
    if (!file) return -1;
    uint8_t scratch[64 * 1024];
    int32_t status = 0;
    for (;;) {
        size_t produced = 0;
        status = read_entry(file, scratch, sizeof scratch, &produced, NULL, message, message_capacity);
        if (status != 0 || produced == 0) break;
        *size += produced;
        if (*size > max_len) {
            zip_fclose(file);
            return -100;
        }
    }
    return close_entry(file, status, message, message_capacity);
}

void lectern_zip_close(lectern_zip *archive) {
    if (!archive) return;
    zip_discard(archive->archive);
    free(archive);
}

int32_t lectern_zip_write(const char *path, int32_t count, const char *const *names, const uint8_t *const *data,
                          const size_t *lengths, int32_t deflate, char *message, size_t message_capacity) {
    if (!libzip_ready(message, message_capacity)) return -1;
    int code = 0;
    zip_t *archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (!archive) {
        copy_code_message(message, message_capacity, code);
        return -1;
    }
    for (int32_t index = 0; index < count; index++) {
        zip_source_t *source = zip_source_buffer(archive, data[index], lengths[index], 0);
        zip_int64_t added = source ? zip_file_add(archive, names[index], source, ZIP_FL_ENC_UTF_8) : -1;
        if (added < 0) {
            if (source) zip_source_free(source);
            copy_message(message, message_capacity, zip_strerror(archive));
            zip_discard(archive);
            return -1;
        }
        zip_set_file_compression(archive, (zip_uint64_t)added, deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0);
    }
    if (zip_close(archive) != 0) {
        copy_message(message, message_capacity, zip_strerror(archive));
        zip_discard(archive);
        return -1;
    }
    return 0;
}
