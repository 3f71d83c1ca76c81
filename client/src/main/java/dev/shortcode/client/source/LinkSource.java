package dev.shortcode.client.source;

import java.io.IOException;
import java.io.Reader;
import java.util.Iterator;

/** A file format whose records become creates: the CLI's own CSV and NDJSON, and other shorteners' exports. */
public interface LinkSource {

    /**
     * The file's lines, read as they are taken, so a large file is never held whole.
     *
     * @throws IllegalArgumentException when the file is not of this format at all (no header, a
     *                                  required column missing): a usage error, nothing is sent
     */
    Iterator<SourceLine> read(Reader in) throws IOException;
}
