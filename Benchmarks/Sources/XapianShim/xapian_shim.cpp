// Xapian behind a C interface for the benchmark runner (see XapianShim.h).
#include "XapianShim.h"

#include <xapian.h>

#include <cstring>
#include <memory>
#include <string>

struct bench_xapian {
    std::string path;
    std::unique_ptr<Xapian::WritableDatabase> writer;
    Xapian::TermGenerator generator;
    Xapian::Database database;
    Xapian::QueryParser parser;
};

namespace {

void fail(const std::string &message, char *error, size_t size) {
    if (error == nullptr || size == 0) return;
    std::strncpy(error, message.c_str(), size - 1);
    error[size - 1] = '\0';
}

/// Runs `body`, turning Xapian's (or the standard library's) exception into `failure` and the message.
template <typename Result, typename Body>
Result guarded(char *error, size_t size, Result failure, Body body) {
    try {
        return body();
    } catch (const Xapian::Error &e) {
        fail(e.get_description(), error, size);
    } catch (const std::exception &e) {
        fail(e.what(), error, size);
    }
    return failure;
}

}  // namespace

extern "C" const char *bench_xapian_version(void) { return Xapian::version_string(); }

extern "C" bench_xapian *bench_xapian_create(const char *path, char *error, size_t error_size) {
    return guarded(error, error_size, static_cast<bench_xapian *>(nullptr), [&]() -> bench_xapian * {
        auto db = std::make_unique<bench_xapian>();
        db->path = path;
        db->writer = std::make_unique<Xapian::WritableDatabase>(
            path, Xapian::DB_CREATE_OR_OVERWRITE | Xapian::DB_BACKEND_GLASS);
        return db.release();
    });
}

extern "C" int bench_xapian_add(bench_xapian *db, const char *text, size_t length, char *error, size_t error_size) {
    return guarded(error, error_size, -1, [&]() {
        if (!db->writer) throw Xapian::InvalidOperationError("the database is committed");
        Xapian::Document document;
        db->generator.set_document(document);
        db->generator.index_text(std::string(text, length));
        db->writer->add_document(document);
        return 0;
    });
}

extern "C" int bench_xapian_commit(bench_xapian *db, char *error, size_t error_size) {
    return guarded(error, error_size, -1, [&]() {
        if (db->writer) {
            db->writer->commit();
            db->writer->close();
            db->writer.reset();
        }
        db->database = Xapian::Database(db->path);
        db->parser.set_database(db->database);
        db->parser.set_default_op(Xapian::Query::OP_OR);
        return 0;
    });
}

extern "C" long bench_xapian_search(
    bench_xapian *db, const char *query, bench_xapian_shape shape, size_t limit, uint32_t *out, size_t capacity,
    char *error, size_t error_size) {
    return guarded(error, error_size, -1L, [&]() {
        const unsigned flags = Xapian::QueryParser::FLAG_PHRASE | Xapian::QueryParser::FLAG_BOOLEAN
            | Xapian::QueryParser::FLAG_WILDCARD;
        Xapian::Enquire enquire(db->database);
        enquire.set_query(db->parser.parse_query(query, flags));
        const Xapian::doccount size = db->database.get_doccount();
        if (shape != bench_xapian_top) {
            enquire.set_weighting_scheme(Xapian::BoolWeight());
            enquire.set_docid_order(Xapian::Enquire::ASCENDING);
        }
        const Xapian::doccount wanted = shape == bench_xapian_all ? size : static_cast<Xapian::doccount>(limit);
        Xapian::MSet matches = enquire.get_mset(0, wanted, size);
        size_t written = 0;
        for (auto match = matches.begin(); match != matches.end() && written < capacity; ++match) {
            out[written++] = *match;
        }
        return shape == bench_xapian_all ? static_cast<long>(matches.size())
                                         : static_cast<long>(matches.get_matches_estimated());
    });
}

extern "C" void bench_xapian_close(bench_xapian *db) { delete db; }
