package dev.shortcode.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * One result line of a bulk stream: {@code line} is the line's number in the stream (from 1),
 * {@code link} is set when {@code status} is 201, {@code problem} otherwise.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BulkResult(long line, int status, String ref, Link link, Problem problem) {

    public boolean created() {
        return link != null;
    }
}
