<?php

namespace App\Form\DataTransformer;

use Symfony\Component\Form\DataTransformerInterface;
use Symfony\Component\HttpFoundation\File\UploadedFile;

// A hidden field that takes a picture's address: the form hands the submitted text to reverseTransform.
class CoverUrlTransformer implements DataTransformerInterface
{
    public function transform($picture): ?string
    {
        if (null === $picture) {
            return null;
        }
        // The model's own value, shown in the form: nothing the client sent.
        // ok: PATH_TRAVERSAL, SSRF
        return base64_encode(file_get_contents($picture->getPathname()));
    }

    public function reverseTransform($address): ?UploadedFile
    {
        if (null === $address || '' === $address) {
            return null;
        }
        if (str_starts_with($address, '//')) {
            $address = 'https:' . $address;
        }
        // ruleid: PATH_TRAVERSAL, SSRF
        $bytes = file_get_contents($address);
        $scratch = sys_get_temp_dir() . '/cover-' . bin2hex(random_bytes(8));
        file_put_contents($scratch, $bytes);

        return new UploadedFile($scratch, basename($scratch), null, null, true);
    }
}

// A class of the application's own with a method of the same name, called with its own data.
class LegacyCoverMapper
{
    public function reverseTransform($storedPath): string
    {
        // ok: PATH_TRAVERSAL, SSRF
        return file_get_contents($storedPath);
    }
}
