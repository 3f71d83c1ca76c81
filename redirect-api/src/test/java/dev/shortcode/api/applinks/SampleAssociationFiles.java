package dev.shortcode.api.applinks;

/** Association files of the shape the platforms read, for the tests that load and serve them. */
public final class SampleAssociationFiles {

    public static final String AASA = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"],
              "components": [{"/": "/*", "comment": "every short link"}, {"/": "/*+", "exclude": true}]}]},
             "webcredentials": {"apps": ["ABCDE12345.com.example.shop"]}}""";
    public static final String ASSET_LINKS = """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.shop",
                         "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}},
             {"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://sho.rt"}}]""";

    private SampleAssociationFiles() {}
}
