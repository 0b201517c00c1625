// File API, https://w3c.github.io/FileAPI/: Blob, File and FileList as webdom implements them
// (html_infra/blob.py, dom/html/forms/files.py), written from the Editor's Draft; stream() is not
// implemented.

typedef (BufferSource or Blob or USVString) BlobPart;

// https://w3c.github.io/FileAPI/#blob-section
[Exposed=(Window,Worker), Serializable]
interface Blob {
  constructor(optional sequence<BlobPart> blobParts,
              optional BlobPropertyBag options = {});

  readonly attribute unsigned long long size;
  readonly attribute DOMString type;

  // slice Blob into byte-ranged chunks
  Blob slice(optional [Clamp] long long start,
            optional [Clamp] long long end,
            optional DOMString contentType);

  // read from the Blob.
  [NewObject] Promise<USVString> text();
  [NewObject] Promise<ArrayBuffer> arrayBuffer();
  [NewObject] Promise<Uint8Array> bytes();
};

enum EndingType { "transparent", "native" };

dictionary BlobPropertyBag {
  DOMString type = "";
  EndingType endings = "transparent";
};

// https://w3c.github.io/FileAPI/#file-section
[Exposed=(Window,Worker), Serializable]
interface File : Blob {
  constructor(sequence<BlobPart> fileBits,
              USVString fileName,
              optional FilePropertyBag options = {});
  readonly attribute DOMString name;
  readonly attribute long long lastModified;
};

dictionary FilePropertyBag : BlobPropertyBag {
  long long lastModified;
};

// File and Directory Entries, https://wicg.github.io/entries-api/#html-forms
partial interface File {
  readonly attribute USVString webkitRelativePath;
};

// https://w3c.github.io/FileAPI/#filelist-section (dom/html/forms/files.py)
[Exposed=(Window,Worker), Serializable]
interface FileList {
  getter File? item(unsigned long index);
  readonly attribute unsigned long length;
};
