// SVG 2 (https://svgwg.org/svg2-draft/), the interfaces webdom gives SVG elements: only the
// members it implements (the HTML Standard's HTMLOrSVGOrMathMLElement mixin, and SVGAElement's
// attributes reflecting plain strings).

// https://svgwg.org/svg2-draft/types.html#InterfaceSVGElement
[Exposed=Window]
interface SVGElement : Element {
};

SVGElement includes HTMLOrSVGOrMathMLElement;

// https://svgwg.org/svg2-draft/types.html#InterfaceSVGGraphicsElement
[Exposed=Window]
interface SVGGraphicsElement : SVGElement {
};

// https://svgwg.org/svg2-draft/linking.html#InterfaceSVGAElement
[Exposed=Window]
interface SVGAElement : SVGGraphicsElement {
  attribute DOMString download;
  attribute USVString ping;
  attribute DOMString rel;
  [SameObject, PutForwards=value] readonly attribute DOMTokenList relList;
  attribute DOMString hreflang;
  attribute DOMString type;
};
