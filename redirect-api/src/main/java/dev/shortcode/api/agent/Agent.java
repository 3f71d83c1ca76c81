package dev.shortcode.api.agent;

/**
 * What a request's User-Agent says about who is asking.
 *
 * @param device the device class, from cheap substring checks ({@link UserAgents#device(String)})
 * @param bot a crawler, script or fetcher rather than a person's browser: the vendored crawler list
 *     matched, or {@code linkPreview} is true
 * @param wechat WeChat's in-app browser or one of its mini-program web views
 * @param linkPreview a chat or social app fetching the page to draw a preview card of a shared link
 */
public record Agent(DeviceClass device, boolean bot, boolean wechat, boolean linkPreview) {}
