/**
 * The link inventory: finding an owner's links again. {@link dev.shortcode.core.index.LinkIndex}
 * is the storage concern (one implementation per archive backend), {@link
 * dev.shortcode.core.index.LinkQuery} what a listing asks for, {@link
 * dev.shortcode.core.index.IndexKeys} the key layout both backends share, {@link
 * dev.shortcode.core.index.ExternalIds} the claims that keep an external id unique per owner.
 */
package dev.shortcode.core.index;
