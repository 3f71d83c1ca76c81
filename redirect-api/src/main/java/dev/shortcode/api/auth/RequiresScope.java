package dev.shortcode.api.auth;

import dev.shortcode.core.store.ApiKey;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The scope an endpoint needs; endpoints without it need no key. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RequiresScope {
    ApiKey.Scope value();
}
