module example.com/gallery

go 1.22
