package spool

import "os"

func Prepare() error {
	// ruleid: INSECURE_PERMISSIONS
	if err := os.Mkdir("/var/spool/shop", 0o777); err != nil {
		return err
	}
	// ruleid: INSECURE_PERMISSIONS
	if err := os.Chmod("/var/spool/shop/queue", 0662); err != nil {
		return err
	}
	// ok: INSECURE_PERMISSIONS
	return os.WriteFile("/var/spool/shop/README", []byte("spool"), 0o640)
}
