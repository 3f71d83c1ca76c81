package dev.shortcode.api.preview;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.shortcode.api.link.DeviceTargets;
import dev.shortcode.api.link.InstantText;
import java.time.Instant;

/**
 * Where a link goes, for {@code GET /{code}+} with {@code Accept: application/json}.
 *
 * @param host    the host of {@code url}, the part a reader should check
 * @param targets the device targets; absent when there are none
 * @param passwordProtected true for a link behind a password, whose url, host and targets are not shown; absent otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PreviewView(String code, String shortUrl, String url, String host,
        @JsonSerialize(using = InstantText.class) Instant createdAt, DeviceTargets targets, Boolean passwordProtected) {}
