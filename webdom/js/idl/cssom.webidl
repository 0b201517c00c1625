// CSS Object Model (CSSOM), https://drafts.csswg.org/cssom/: the members webdom implements
// (dom/css_style_declaration.py), written from the Editor's Draft.  The attributes for each
// supported CSS property (camel-cased, webkit-cased and dashed,
// https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface) are not IDL text in the
// standard: the binding adds them from webdom/js/css_properties.py.

// https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface
[Exposed=Window]
interface CSSStyleDeclaration {
  [CEReactions] attribute CSSOMString cssText;
  readonly attribute unsigned long length;
  getter CSSOMString item(unsigned long index);
  CSSOMString getPropertyValue(CSSOMString property);
  CSSOMString getPropertyPriority(CSSOMString property);
  [CEReactions] undefined setProperty(CSSOMString property, [LegacyNullToEmptyString] CSSOMString value, optional [LegacyNullToEmptyString] CSSOMString priority = "");
  [CEReactions] CSSOMString removeProperty(CSSOMString property);
  readonly attribute CSSRule? parentRule;
  [CEReactions] attribute [LegacyNullToEmptyString] CSSOMString cssFloat;
};

// https://drafts.csswg.org/cssom/#the-elementcssinlinestyle-mixin
interface mixin ElementCSSInlineStyle {
  [SameObject, PutForwards=cssText] readonly attribute CSSStyleDeclaration style;
};
HTMLElement includes ElementCSSInlineStyle;

// https://drafts.csswg.org/cssom/#the-medialist-interface
[Exposed=Window]
interface MediaList {
  stringifier attribute [LegacyNullToEmptyString] CSSOMString mediaText;
  readonly attribute unsigned long length;
  getter CSSOMString? item(unsigned long index);
  undefined appendMedium(CSSOMString medium);
  undefined deleteMedium(CSSOMString medium);
};

// https://drafts.csswg.org/cssom/#the-stylesheet-interface
[Exposed=Window]
interface StyleSheet {
  readonly attribute CSSOMString type;
  readonly attribute USVString? href;
  readonly attribute (Element or ProcessingInstruction)? ownerNode;
  readonly attribute CSSStyleSheet? parentStyleSheet;
  readonly attribute DOMString? title;
  [SameObject, PutForwards=mediaText] readonly attribute MediaList media;
  attribute boolean disabled;
};

// https://drafts.csswg.org/cssom/#the-cssstylesheet-interface (replace(), which returns a
// promise, is not implemented; the constructor ignores baseURL)
[Exposed=Window]
interface CSSStyleSheet : StyleSheet {
  constructor(optional CSSStyleSheetInit options = {});
  readonly attribute CSSRule? ownerRule;
  [SameObject] readonly attribute CSSRuleList cssRules;
  unsigned long insertRule(CSSOMString rule, optional unsigned long index = 0);
  undefined deleteRule(unsigned long index);
  undefined replaceSync(USVString text);
};

dictionary CSSStyleSheetInit {
  (MediaList or DOMString) media = "";
  boolean disabled = false;
};

// https://drafts.csswg.org/cssom/#legacy-css-style-sheet-members
partial interface CSSStyleSheet {
  [SameObject] readonly attribute CSSRuleList rules;
  long addRule(optional DOMString selector = "undefined", optional DOMString style = "undefined", optional unsigned long index);
  undefined removeRule(optional unsigned long index = 0);
};

// https://drafts.csswg.org/cssom/#the-stylesheetlist-interface
[Exposed=Window]
interface StyleSheetList {
  getter CSSStyleSheet? item(unsigned long index);
  readonly attribute unsigned long length;
};

// https://drafts.csswg.org/cssom/#extensions-to-the-document-or-shadow-root-interface
partial interface mixin DocumentOrShadowRoot {
  [SameObject] readonly attribute StyleSheetList styleSheets;
  attribute ObservableArray<CSSStyleSheet> adoptedStyleSheets;
};

// https://drafts.csswg.org/cssom/#the-linkstyle-interface (html.webidl says which elements include it)
interface mixin LinkStyle {
  readonly attribute CSSStyleSheet? sheet;
};

// https://drafts.csswg.org/cssom/#the-cssrulelist-interface
[Exposed=Window]
interface CSSRuleList {
  getter CSSRule? item(unsigned long index);
  readonly attribute unsigned long length;
};

// https://drafts.csswg.org/cssom/#the-cssrule-interface (setting cssText does nothing in the
// standard; webdom's cssText has no setter)
[Exposed=Window]
interface CSSRule {
  readonly attribute CSSOMString cssText;
  readonly attribute CSSRule? parentRule;
  readonly attribute CSSStyleSheet? parentStyleSheet;
  readonly attribute unsigned short type;
  const unsigned short STYLE_RULE = 1;
  const unsigned short CHARSET_RULE = 2;
  const unsigned short IMPORT_RULE = 3;
  const unsigned short MEDIA_RULE = 4;
  const unsigned short FONT_FACE_RULE = 5;
  const unsigned short PAGE_RULE = 6;
  const unsigned short MARGIN_RULE = 9;
  const unsigned short NAMESPACE_RULE = 10;
};

// https://drafts.csswg.org/cssom/#the-cssstylerule-interface
[Exposed=Window]
interface CSSStyleRule : CSSRule {
  attribute CSSOMString selectorText;
  [SameObject, PutForwards=cssText] readonly attribute CSSStyleDeclaration style;
};

// https://drafts.csswg.org/cssom/#the-cssimportrule-interface
[Exposed=Window]
interface CSSImportRule : CSSRule {
  readonly attribute USVString href;
  [SameObject, PutForwards=mediaText] readonly attribute MediaList media;
  [SameObject] readonly attribute CSSStyleSheet? styleSheet;
  readonly attribute CSSOMString? layerName;
  readonly attribute CSSOMString? supportsText;
};

// https://drafts.csswg.org/cssom/#the-cssgroupingrule-interface
[Exposed=Window]
interface CSSGroupingRule : CSSRule {
  [SameObject] readonly attribute CSSRuleList cssRules;
  unsigned long insertRule(CSSOMString rule, optional unsigned long index = 0);
  undefined deleteRule(unsigned long index);
};

// https://drafts.csswg.org/cssom/#the-csspagerule-interface: a grouping rule in the standard (it
// holds margin rules); webdom keeps a page rule's declarations only, so it is a plain rule here,
// and its selector cannot be set.
[Exposed=Window]
interface CSSPageRule : CSSRule {
  readonly attribute CSSOMString selectorText;
  [SameObject, PutForwards=cssText] readonly attribute CSSStyleDeclaration style;
};

// https://drafts.csswg.org/cssom/#the-cssnamespacerule-interface
[Exposed=Window]
interface CSSNamespaceRule : CSSRule {
  readonly attribute CSSOMString namespaceURI;
  readonly attribute CSSOMString prefix;
};

// https://drafts.csswg.org/css-conditional-3/#the-cssconditionrule-interface
[Exposed=Window]
interface CSSConditionRule : CSSGroupingRule {
  readonly attribute CSSOMString conditionText;
};

// https://drafts.csswg.org/css-conditional-3/#the-cssmediarule-interface
[Exposed=Window]
interface CSSMediaRule : CSSConditionRule {
  [SameObject, PutForwards=mediaText] readonly attribute MediaList media;
};

// https://drafts.csswg.org/css-conditional-3/#the-csssupportsrule-interface
[Exposed=Window]
interface CSSSupportsRule : CSSConditionRule {
};

// https://drafts.csswg.org/css-conditional-5/#the-csscontainerrule-interface (containerName and
// containerQuery are not implemented)
[Exposed=Window]
interface CSSContainerRule : CSSConditionRule {
};

// https://drafts.csswg.org/css-fonts-4/#cssfontfacerule
[Exposed=Window]
interface CSSFontFaceRule : CSSRule {
  readonly attribute CSSStyleDeclaration style;
};

// https://drafts.csswg.org/css-animations-1/#interface-csskeyframesrule (the keyframes are kept
// as text: only the name)
[Exposed=Window]
interface CSSKeyframesRule : CSSRule {
  readonly attribute CSSOMString name;
};

// https://drafts.csswg.org/css-cascade-5/#the-csslayerblockrule-interface
[Exposed=Window]
interface CSSLayerBlockRule : CSSGroupingRule {
  readonly attribute CSSOMString name;
};

// https://drafts.csswg.org/css-cascade-6/#the-cssscoperule-interface
[Exposed=Window]
interface CSSScopeRule : CSSGroupingRule {
  readonly attribute CSSOMString? start;
  readonly attribute CSSOMString? end;
};

// https://drafts.csswg.org/css-nesting-1/#cssnesteddeclarations (in @scope blocks)
[Exposed=Window]
interface CSSNestedDeclarations : CSSRule {
  [SameObject, PutForwards=cssText] readonly attribute CSSStyleDeclaration style;
};

// https://drafts.csswg.org/css-cascade-5/#the-csslayerstatementrule-interface
[Exposed=Window]
interface CSSLayerStatementRule : CSSRule {
  readonly attribute FrozenArray<CSSOMString> nameList;
};

// https://drafts.csswg.org/cssom/#extensions-to-the-window-interface
partial interface Window {
  [NewObject] CSSStyleDeclaration getComputedStyle(Element elt, optional CSSOMString? pseudoElt);
};

// https://drafts.csswg.org/cssom-view/#extension-to-the-element-interface
partial interface Element {
  boolean checkVisibility(optional CheckVisibilityOptions options = {});
};

dictionary CheckVisibilityOptions {
  boolean checkOpacity = false;
  boolean checkVisibilityCSS = false;
  boolean contentVisibilityAuto = false;
  boolean opacityProperty = false;
  boolean visibilityProperty = false;
};

// https://drafts.csswg.org/css-shadow-parts/#idl
partial interface Element {
  [SameObject, PutForwards=value] readonly attribute DOMTokenList part;
};

// https://drafts.csswg.org/cssom-view/#the-mediaquerylist-interface
[Exposed=Window]
interface MediaQueryList : EventTarget {
  readonly attribute CSSOMString media;
  readonly attribute boolean matches;
  undefined addListener(EventListener? callback);
  undefined removeListener(EventListener? callback);
  attribute EventHandler onchange;
};

[Exposed=Window]
interface MediaQueryListEvent : Event {
  constructor(CSSOMString type, optional MediaQueryListEventInit eventInitDict = {});
  readonly attribute CSSOMString media;
  readonly attribute boolean matches;
};

dictionary MediaQueryListEventInit : EventInit {
  CSSOMString media = "";
  boolean matches = false;
};

partial interface Window {
  [NewObject] MediaQueryList matchMedia(CSSOMString query);
};
