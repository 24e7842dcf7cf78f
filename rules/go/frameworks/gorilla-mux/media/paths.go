package media

import "path/filepath"

// PhotoPath names a photo's file under an album directory.
func PhotoPath(dir, id string) string {
	return filepath.Join(dir, id+".jpg")
}
