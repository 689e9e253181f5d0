// Apache Lucene over the verses, in RAM, for Lectern's search benchmarks (the Java peer of searchcommon.py).
//
// Indexes a `BOOK C:V<TAB>text` file, one document a line in order (doc id = rowid - 1), with
// StandardTokenizer (UAX #29 words) + LowerCaseFilter + ASCIIFoldingFilter, in a ByteBuffersDirectory,
// one segment. Each call parses the query with the classic QueryParser (default operator OR, so the
// runner passes `faith AND love`), then: `all` collects every hit's doc id (canon order); `page` the
// first 20 in index order (Sort.INDEXORDER) with their references and the exact count; `top20` the 20
// best by BM25 (Lucene's default similarity) with their references and the exact count. A prefix query
// rewrites to a constant score by default, which ranks nothing, so `top20` parses with
// MultiTermQuery.SCORING_BOOLEAN_REWRITE: a boolean OR of the words with that prefix, each scored by BM25
// (before issue 46 its top 20 used the constant score; that variant is timed beside it as `before`).
// Before timing, every query in every shape runs for `--jit-seconds` (the JIT warm-up); then the loops of
// searchcommon.py: the rows (the queries and ABSENT, the cheapest real query, in alternating batches with
// their `before` variants) and the interleaved rounds. Prints the same JSON line.
//
// Compiled by the runner: javac -cp lucene-core:lucene-queryparser:lucene-analyzers-common -d DIR.

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.LowerCaseFilter;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MultiTermQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollector;
import org.apache.lucene.search.TopScoreDocCollector;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.Version;

public final class LuceneDriver {
    static final int PAGE_SIZE = 20;
    static final String[] SHAPES = {"all", "page", "top20"};
    /** A word in no verse: the cheapest real query (searchcommon.ABSENT). */
    static final String ABSENT = "xyzzy";

    /** Case and Latin accents folded, as Lectern's default mode does. */
    static final class FoldingAnalyzer extends Analyzer {
        @Override
        protected TokenStreamComponents createComponents(String field) {
            Tokenizer tokenizer = new StandardTokenizer();
            TokenStream stream = new ASCIIFoldingFilter(new LowerCaseFilter(tokenizer));
            return new TokenStreamComponents(tokenizer, stream);
        }

        @Override
        protected TokenStream normalize(String field, TokenStream in) {
            return new ASCIIFoldingFilter(new LowerCaseFilter(in));
        }
    }

    /** Every hit's doc id, in index order. */
    static final class AllHits extends SimpleCollector {
        int[] docs = new int[1024];
        int count;
        private int base;

        @Override
        protected void doSetNextReader(LeafReaderContext context) {
            base = context.docBase;
        }

        @Override
        public void collect(int doc) {
            if (count == docs.length) docs = java.util.Arrays.copyOf(docs, count * 2);
            docs[count++] = base + doc;
        }

        @Override
        public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE_NO_SCORES;
        }
    }

    interface Shape {
        int run(String query) throws Exception;
    }

    static String[] references;
    static IndexSearcher searcher;
    static Analyzer analyzer = new FoldingAnalyzer();
    static long sink;

    static Query parse(String text) throws Exception {
        return new QueryParser("text", analyzer).parse(text);
    }

    /** The query with prefixes scored by BM25: each word with the prefix a clause of a boolean OR. */
    static Query parseRanked(String text) throws Exception {
        QueryParser parser = new QueryParser("text", analyzer);
        parser.setMultiTermRewriteMethod(MultiTermQuery.SCORING_BOOLEAN_REWRITE);
        return parser.parse(text);
    }

    static int all(String text) throws Exception {
        AllHits hits = new AllHits();
        searcher.search(parse(text), hits);
        return hits.count;
    }

    static int shown(TopDocs top) {
        for (ScoreDoc hit : top.scoreDocs) sink += references[hit.doc].length();
        return (int) top.totalHits.value;
    }

    static int page(String text) throws Exception {
        TopFieldCollector collector = TopFieldCollector.create(Sort.INDEXORDER, PAGE_SIZE, Integer.MAX_VALUE);
        searcher.search(parse(text), collector);
        return shown(collector.topDocs());
    }

    static int top20(String text) throws Exception {
        return top20(parseRanked(text));
    }

    static int top20(Query query) throws Exception {
        TopScoreDocCollector collector = TopScoreDocCollector.create(PAGE_SIZE, Integer.MAX_VALUE);
        searcher.search(query, collector);
        return shown(collector.topDocs());
    }

    /** Before issue 46: the prefix's top 20 from its constant score, which ranks nothing. */
    static int top20ConstantScore(String text) throws Exception {
        return top20(parse(text));
    }

    static Shape shape(String name) {
        switch (name) {
            case "all": return LuceneDriver::all;
            case "page": return LuceneDriver::page;
            default: return LuceneDriver::top20;
        }
    }

    /** The batch of `shape` that fills about minSeconds, from the second of two untimed calls. */
    static int batchSize(Shape shape, String query, double minSeconds) throws Exception {
        sink += shape.run(query);
        long start = System.nanoTime();
        sink += shape.run(query);
        double once = Math.max((System.nanoTime() - start) / 1e9, 1e-9);
        return Math.max(1, (int) (minSeconds / once));
    }

    /** µs per call of each shape over `repetitions` rounds of one timed batch each in turn, after `warmup`
     *  untimed rounds, as searchcommon.alternating; `batches` receives the batch sizes. */
    static List<List<Double>> alternating(Shape[] shapes, String query, double minSeconds, int warmup, int repetitions,
            int[] batches) throws Exception {
        for (int i = 0; i < shapes.length; i++) batches[i] = batchSize(shapes[i], query, minSeconds);
        for (int round = 0; round < warmup; round++) {
            for (int i = 0; i < shapes.length; i++) for (int j = 0; j < batches[i]; j++) sink += shapes[i].run(query);
        }
        List<List<Double>> samples = new ArrayList<>();
        for (int i = 0; i < shapes.length; i++) samples.add(new ArrayList<>());
        for (int round = 0; round < Math.max(1, repetitions); round++) {
            for (int i = 0; i < shapes.length; i++) {
                long start = System.nanoTime();
                for (int j = 0; j < batches[i]; j++) sink += shapes[i].run(query);
                samples.get(i).add((System.nanoTime() - start) / 1e3 / batches[i]);
            }
        }
        return samples;
    }

    /** The queries in turn, each call timed alone, as searchcommon.interleaved: the JSON object of one shape. */
    static String interleaved(String name, List<String> queries, double minSeconds, int warmup, int repetitions)
            throws Exception {
        Shape shape = shape(name);
        long start = System.nanoTime();
        for (String query : queries) sink += shape.run(query);
        int rounds = Math.max(1, (int) (minSeconds / Math.max((System.nanoTime() - start) / 1e9, 1e-9)));
        List<Double> totals = new ArrayList<>();
        List<List<Double>> each = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) each.add(new ArrayList<>());
        for (int repetition = 0; repetition < warmup + Math.max(1, repetitions); repetition++) {
            long[] spent = new long[queries.size()];
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < queries.size(); i++) {
                    long begin = System.nanoTime();
                    sink += shape.run(queries.get(i));
                    spent[i] += System.nanoTime() - begin;
                }
            }
            if (repetition < warmup) continue;
            long total = 0;
            for (int i = 0; i < spent.length; i++) {
                total += spent[i];
                each.get(i).add(spent[i] / 1e3 / rounds);
            }
            totals.add(total / 1e3 / rounds);
        }
        StringBuilder out = new StringBuilder("{\"shape\": \"").append(name).append("\", \"rounds\": ").append(rounds)
            .append(", \"us\": ").append(numbers(totals)).append(", \"queries\": [");
        for (int i = 0; i < each.size(); i++) out.append(i > 0 ? ", " : "").append(numbers(each.get(i)));
        return out.append("]}").toString();
    }

    static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static String numbers(List<Double> values) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) out.append(i > 0 ? ", " : "").append(String.format(Locale.ROOT, "%.4f", values.get(i)));
        return out.append("]").toString();
    }

    public static void main(String[] args) throws Exception {
        String versesPath = null;
        List<String> queries = new ArrayList<>();
        int warmup = 1, repetitions = 5;
        double minSeconds = 0.02, jitSeconds = 2.0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--verses": versesPath = args[++i]; break;
                case "--query": queries.add(args[++i]); break;
                case "--warmup": warmup = Integer.parseInt(args[++i]); break;
                case "--repetitions": repetitions = Integer.parseInt(args[++i]); break;
                case "--min-seconds": minSeconds = Double.parseDouble(args[++i]); break;
                case "--jit-seconds": jitSeconds = Double.parseDouble(args[++i]); break;
                default: throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (versesPath == null || queries.isEmpty()) throw new IllegalArgumentException("needs --verses and --query");
        List<String> lines = Files.readAllLines(Paths.get(versesPath), StandardCharsets.UTF_8);

        long buildStart = System.nanoTime();
        ByteBuffersDirectory directory = new ByteBuffersDirectory();
        IndexWriterConfig config = new IndexWriterConfig(analyzer);
        config.setRAMBufferSizeMB(256);
        references = new String[lines.size()];
        try (IndexWriter writer = new IndexWriter(directory, config)) {
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                int tab = line.indexOf('\t');
                references[i] = tab < 0 ? line : line.substring(0, tab);
                Document document = new Document();
                document.add(new TextField("text", tab < 0 ? "" : line.substring(tab + 1), Field.Store.NO));
                writer.addDocument(document);
            }
            writer.forceMerge(1);
        }
        DirectoryReader reader = DirectoryReader.open(directory);
        if (reader.leaves().size() != 1) throw new IllegalStateException(reader.leaves().size() + " segments");
        searcher = new IndexSearcher(reader);
        double buildSeconds = (System.nanoTime() - buildStart) / 1e9;

        // JIT warm-up: every query in every shape, round after round, for jitSeconds.
        long jitEnd = System.nanoTime() + (long) (jitSeconds * 1e9);
        while (System.nanoTime() < jitEnd) {
            for (String query : queries) for (String name : SHAPES) sink += shape(name).run(query);
        }

        List<String> timed = new ArrayList<>(queries);
        timed.add(ABSENT);
        StringBuilder rows = new StringBuilder();
        for (String query : timed) {
            for (String name : SHAPES) {
                Shape shape = shape(name);
                Shape before = null;
                String label = null;
                if (query.equals(ABSENT) && name.equals("page")) {
                    before = ignored -> searcher.getIndexReader().maxDoc();
                    label = "searcher.getIndexReader().maxDoc()";
                } else if (name.equals("top20") && query.endsWith("*")) {
                    before = LuceneDriver::top20ConstantScore;
                    label = "classic QueryParser, the prefix's constant score (every hit scored alike)";
                }
                Shape[] shapes = before == null ? new Shape[] {shape} : new Shape[] {shape, before};
                int[] batches = new int[shapes.length];
                int hits = shape.run(query);
                List<List<Double>> samples = alternating(shapes, query, minSeconds, warmup, repetitions, batches);
                if (rows.length() > 0) rows.append(", ");
                rows.append("{\"query\": ").append(quoted(query)).append(", \"shape\": \"").append(name)
                    .append("\", \"hits\": ").append(hits).append(", \"batch\": ").append(batches[0])
                    .append(", \"us\": ").append(numbers(samples.get(0)));
                if (before != null) {
                    rows.append(", \"before\": {\"label\": ").append(quoted(label)).append(", \"hits\": ")
                        .append(before.run(query)).append(", \"batch\": ").append(batches[1]).append(", \"us\": ")
                        .append(numbers(samples.get(1))).append("}");
                }
                rows.append("}");
            }
        }
        StringBuilder mixed = new StringBuilder();
        for (String name : SHAPES) {
            if (mixed.length() > 0) mixed.append(", ");
            mixed.append(interleaved(name, queries, minSeconds, warmup, repetitions));
        }
        long peak = 0;
        for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) peak = Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
        System.out.println("{\"engine\": \"lucene\", \"version\": " + quoted(Version.LATEST.toString())
            + ", \"python\": " + quoted("Java " + System.getProperty("java.version"))
            + ", \"docs\": " + reader.numDocs() + ", \"build_seconds\": " + buildSeconds
            + ", \"rows\": [" + rows + "], \"interleaved\": [" + mixed + "], \"peak_rss_kb\": " + peak
            + ", \"sink\": " + sink + "}");
    }
}
