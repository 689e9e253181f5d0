#include "CZip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zip.h>

struct lectern_zip {
    zip_t *archive;
};

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

lectern_zip *lectern_zip_open(const char *path, char *message, size_t message_capacity) {
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
